// Concepts named in the same papers as MuZero, by the number of papers they share with it.
MATCH (m:Algorithm {name: 'MuZero'})<-[:PROPOSES|BUILDS_ON|COMPARES_WITH|STUDIES|MENTIONS]-(p:Paper)
MATCH (p)-[:PROPOSES|BUILDS_ON|COMPARES_WITH|STUDIES|MENTIONS|USES_MODEL|EVALUATED_ON|ADDRESSES|MEASURES]->(c)
WHERE c.id <> m.id
RETURN c.id AS concept, c.name AS name, count(DISTINCT p) AS papers
ORDER BY papers DESC, concept;
