// Benchmarks by the number of papers that evaluate on them.
MATCH (p:Paper)-[:EVALUATED_ON]->(b:Benchmark)
RETURN b.name AS benchmark, count(DISTINCT p) AS papers
ORDER BY papers DESC, benchmark
LIMIT 10;
