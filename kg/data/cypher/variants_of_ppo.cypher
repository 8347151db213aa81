// Variants of PPO (transitively), with the number of papers that name each.
MATCH (v)-[:VARIANT_OF*1..3]->(ppo:Algorithm {name: 'PPO'})
OPTIONAL MATCH (p:Paper)-->(v)
RETURN v.id AS variant, v.name AS name, count(DISTINCT p) AS papers
ORDER BY variant;
