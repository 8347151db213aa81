// Papers that build on PPO: directly, or through a variant of PPO (Clip-PPO, ...).
MATCH (ppo:Algorithm {name: 'PPO'})
MATCH (p:Paper)-[b:BUILDS_ON]->(a)-[:VARIANT_OF*0..3]->(ppo)
RETURN p.id AS paper, p.name AS title, a.name AS builds_on, b.evidence AS evidence
ORDER BY paper, builds_on;
