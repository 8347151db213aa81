"""Linking: one node per concept across papers, variants apart but linked, a merge log."""
from kg.link import link
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Extraction, Mention, Paper

LEX = Lexicon.from_entries([
    LexiconEntry("ppo", "PPO", "algorithm", ("Proximal Policy Optimization",)),
    LexiconEntry("clip-ppo", "Clip-PPO", "algorithm", ("PPO-Clip",), parent="ppo"),
])


def ex(pid, *mentions):
    return Extraction(Paper(pid, f"abstract of {pid}"), tuple(mentions))


def concept_of(linked, pid, name):
    for e in linked:
        if e.paper.id == pid:
            return next(m.concept for m in e.mentions if m.name == name)
    raise KeyError(pid)


def test_lexicon_mentions_share_one_node_across_papers():
    papers = [ex("a", Mention("algorithm", "PPO", lexicon_id="ppo")),
              ex("b", Mention("algorithm", "Proximal Policy Optimization")),
              ex("c", Mention("algorithm", "PPO", aliases=("Proximal Policy Optimization",)))]
    linked, concepts, _ = link(papers, LEX)
    ids = {concept_of(linked, p, n) for p, n in (("a", "PPO"), ("b", "Proximal Policy Optimization"), ("c", "PPO"))}
    assert ids == {"concept/ppo"}
    assert concepts["concept/ppo"].name == "PPO"


def test_variant_is_its_own_node_linked_to_its_parent():
    linked, concepts, _ = link([ex("a", Mention("algorithm", "Clip-PPO", lexicon_id="clip-ppo"))], LEX)
    assert concept_of(linked, "a", "Clip-PPO") == "concept/clip-ppo"
    assert concepts["concept/clip-ppo"].parent == "concept/ppo"
    assert "concept/ppo" in concepts  # the parent node exists so the edge never dangles


def test_discovered_spellings_merge():
    linked, concepts, log = link([ex("a", Mention("benchmark", "Mujoco")), ex("b", Mention("benchmark", "MuJoCo"))], None)
    assert concept_of(linked, "a", "Mujoco") == concept_of(linked, "b", "MuJoCo")
    reasons = {r.surface: r.reason for r in log}
    assert set(reasons) == {"Mujoco", "MuJoCo"}


def test_same_acronym_with_different_long_forms_stays_apart():
    a = ex("a", Mention("method", "SPO", aliases=("Simple Policy Optimization",), proposed=True))
    b = ex("b", Mention("method", "SPO", aliases=("Stochastic Path Optimizer",), proposed=True))
    c = ex("c", Mention("method", "SPO", aliases=("Simple Policy Optimization",), proposed=True))
    linked, _, log = link([a, b, c], None)
    assert concept_of(linked, "a", "SPO") == concept_of(linked, "c", "SPO")
    assert concept_of(linked, "a", "SPO") != concept_of(linked, "b", "SPO")
    assert any("kept apart" in r.reason for r in log)


def test_discovered_variant_points_at_lexicon_parent():
    linked, concepts, _ = link([ex("a", Mention("method", "L-PPO", proposed=True, parent="ppo"))], LEX)
    assert concepts[concept_of(linked, "a", "L-PPO")].parent == "concept/ppo"


def test_linking_is_order_independent_for_ids():
    a = ex("a", Mention("method", "FooNet", proposed=True))
    b = ex("b", Mention("algorithm", "FooNet"))
    ids1 = link([a, b], LEX)[1].keys()
    ids2 = link([b, a], LEX)[1].keys()
    assert set(ids1) == set(ids2)
