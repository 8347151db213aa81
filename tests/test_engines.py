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


@pytest.mark.parametrize("threads", [1, 2])
def test_local_pool_matches_single_process(papers, single, threads, monkeypatch):
    """Forked workers (a single-threaded caller) and fork-server workers (a threaded one)."""
    import kg.engines.local as local

    monkeypatch.setattr(local.threading, "active_count", lambda: threads)
    assert local._context().get_start_method() == ("fork" if threads == 1 else "forkserver")
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


def test_cache_entries_of_another_format_are_misses(tmp_path, papers, single):
    """An entry written by an older kg (JSON text), or cut short, is re-extracted, not an error."""
    import sqlite3

    cache = ExtractionCache(tmp_path / "c.sqlite")
    for p, ex in zip(papers[:3], single[:3]):
        cache.put(p, ex)
    cache.close()
    db = sqlite3.connect(tmp_path / "c.sqlite")
    (k0,), (k1,) = db.execute("SELECT key FROM extraction ORDER BY key LIMIT 2").fetchall()
    db.execute("UPDATE extraction SET record = ? WHERE key = ?", ('[1, ["p", "text"], [], [], null]', k0))
    db.execute("UPDATE extraction SET record = substr(record, 1, 40) WHERE key = ?", (k1,))
    db.commit()
    db.close()
    again = ExtractionCache(tmp_path / "c.sqlite")
    got = again.get_many(papers[:3])
    assert sum(g is None for g in got) == 2 and again.misses == 2 and again.hits == 1
    assert [g for g in got if g is not None][0] in single[:3]


def test_records_rebuilt_from_values_check_their_shape():
    from kg.records import Mention, evolve, from_values

    m = Mention("algorithm", "PPO")
    assert from_values(Mention, list(m.__dict__.values())) == m
    assert hash(from_values(Mention, list(m.__dict__.values()))) == hash(m)
    with pytest.raises(ValueError):
        from_values(Mention, ["algorithm", "PPO"])
    assert evolve(m, role="compared") == Mention("algorithm", "PPO", role="compared")
    assert m.role is None  # the original is untouched
    with pytest.raises(TypeError, match="rol"):
        evolve(m, rol="compared")


def test_papers_of_one_chunk_start_no_workers(papers, single, monkeypatch):
    import kg.engines.local as local

    started = []
    real = local.run_pool
    monkeypatch.setattr(local, "run_pool", lambda *a, **k: started.append(1) or real(*a, **k))
    assert list(run(papers, jobs=2, chunk_size=len(papers))) == single
    assert started == []
    assert list(run(iter(papers), jobs=2, chunk_size=len(papers) - 1)) == single  # one paper more: a pool
    assert started == [1]


@pytest.mark.parametrize("cpus, expected", [(1, 1), (3, 3), (64, 8)])
def test_auto_jobs_follows_the_cpus_this_process_may_use(monkeypatch, cpus, expected):
    import kg.engines as engines

    monkeypatch.setattr(engines.os, "sched_getaffinity", lambda pid: set(range(cpus)), raising=False)
    assert engines.auto_jobs() == expected


@pytest.mark.parametrize("given, ok", [("auto", True), ("AUTO", True), ("3", True), ("0", False),
                                       ("257", False), ("many", False), ("-1", False)])
def test_jobs_option_takes_a_number_or_auto(given, ok, monkeypatch):
    from click.testing import CliRunner

    import kg.cli as cli
    import kg.pipeline as pipeline

    seen = {}

    def fake_extract(papers, **kwargs):
        seen.update(kwargs)
        raise SystemExit(0)

    monkeypatch.setattr(pipeline, "extract", fake_extract)
    r = CliRunner().invoke(cli.main, ["extract", "--out", "-", "--jobs", given, "--no-cache"])
    if ok:
        from kg.engines import auto_jobs

        assert r.exit_code == 0, r.output
        assert seen["jobs"] == (auto_jobs() if given.lower() == "auto" else int(given))
    else:
        assert r.exit_code != 0 and "--jobs" in r.output and seen == {}
