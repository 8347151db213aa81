"""Two papers that expand one new short name with long forms written otherwise (a known acronym
written out, words hyphenated, a generic last word) name one concept; long forms with other
content words stay apart."""
from kg.link import link
from kg.link.acronyms import sense_words
from kg.link.lexicon import Lexicon, LexiconEntry
from kg.records import Extraction, Mention, Paper

LEX = Lexicon.from_entries([
    LexiconEntry("ppo", "PPO", "algorithm", ("Proximal Policy Optimization",)),
    LexiconEntry("rl", "reinforcement learning", "field", ("RL",)),
])


def _ids(*mentions):
    exs = [Extraction(Paper(f"p{i}", f"text {i}"), (m,)) for i, m in enumerate(mentions)]
    done, concepts, log = link(exs, LEX)
    return [ex.mentions[0].concept for ex in done], concepts, log


def test_a_known_acronym_written_out_in_one_long_form_is_the_same_concept():
    (a, b, c), concepts, _ = _ids(
        Mention("method", "KRPO", ("Kernel-Ratio PPO",), proposed=True),
        Mention("algorithm", "KRPO", ("Kernel Ratio Proximal Policy Optimisation",)),
        Mention("algorithm", "KRPO"),
    )
    assert a == b == c
    assert {"Kernel-Ratio PPO", "Kernel Ratio Proximal Policy Optimisation"} <= set(concepts[a].aliases) | {concepts[a].name}


def test_a_generic_last_word_and_an_expanded_field_acronym_do_not_split_a_concept():
    (a, b), _, _ = _ids(
        Mention("method", "TwinCRL", ("Twin Contrastive Reinforcement Learning",), proposed=True),
        Mention("algorithm", "TwinCRL", ("twin contrastive RL method",)),
    )
    assert a == b


def test_long_forms_with_other_content_words_stay_apart():
    (a, b), _, log = _ids(
        Mention("method", "KRPO", ("Kernel-Ratio PPO",), proposed=True),
        Mention("method", "KRPO", ("Kernel Regression Policy Optimization",), proposed=True),
    )
    assert a != b
    assert any("kept apart" in r.reason for r in log)


def test_sense_words_ignore_spelling_and_order_but_not_content():
    assert sense_words("Leave-One-Out REINFORCE", None) == sense_words("REINFORCE leave one out", None)
    assert sense_words("Kernel Ratio PPO", LEX) != sense_words("Kernel Ratio PPO", None)
    assert sense_words("Stable Policy Optimization", LEX) != sense_words("Simple Policy Optimization", LEX)


def test_merged_long_forms_link_incrementally_as_in_a_clean_link():
    from kg.link.linker import Linker, linked
    mentions = [Mention("method", "KRPO", ("Kernel-Ratio PPO",), proposed=True),
                Mention("algorithm", "KRPO", ("Kernel Regression Policy Optimization",)),
                Mention("algorithm", "KRPO", ("Kernel Ratio Proximal Policy Optimisation",))]
    exs = [Extraction(Paper(f"p{i}", f"text {i}"), (m,)) for i, m in enumerate(mentions)]
    clean = [ex.mentions[0].concept for ex in link(exs, LEX)[0]]
    linker = Linker(LEX)
    for i in (0, 1):
        linker.add(str(i), exs[i])
    linker.result()
    linker.add("2", exs[2])
    linker.remove("1", exs[1])
    linker.add("1", exs[1])
    linker.reorder(["0", "1", "2"])
    _, _, ids = linker.result()
    again = [linked(exs[i], linker.concept_ids(str(i), ids)).mentions[0].concept for i in range(3)]
    assert again == clean and clean[0] == clean[2] != clean[1]
