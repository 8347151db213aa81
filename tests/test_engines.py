"""Every engine and job count gives the same extractions as one process; the cache is
invisible in the result but skips work."""
import pytest

from kg.cache import ExtractionCache, paper_key
from kg.engines import run
from kg.ingest import bundled_corpus, read_papers
from kg.records import Paper


@pytest.fixture(scope="module")
def papers():
    return list(read_papers(bundled_corpus(), on_warning=lambda _: None))


@pytest.fixture(scope="module")
def single(papers):
    return list(run(papers))


def test_local_pool_matches_single_process(papers, single):
    assert list(run(papers, jobs=2, chunk_size=7)) == single


def test_dask_local_cluster_matches_single_process(papers, single):
    assert list(run(papers, engine="dask", jobs=2, chunk_size=9)) == single


def test_cache_round_trip_and_keys(tmp_path, papers, single):
    cache = ExtractionCache(tmp_path / "c.sqlite")
    for p, ex in zip(papers, single):
        assert cache.get(p) is None
        cache.put(p, ex)
    cache.commit()
    again = ExtractionCache(tmp_path / "c.sqlite")
    assert [again.get(p) for p in papers] == single
    assert again.hits == len(papers) and again.misses == 0
    # any change to what extraction sees changes the key
    p = papers[0]
    assert paper_key(p) != paper_key(Paper(p.id, p.abstract + " "))
    assert paper_key(p) != paper_key(Paper(p.id, p.abstract, title="A title"))
    assert paper_key(p) == paper_key(Paper(p.id, p.abstract, source="elsewhere.txt", line=9))
