"""Constructions that cancel or redirect the cue nearest before a mention: "compare X with Y",
"trained against a X critic", "rather than using X", "we evaluate agents trained with X", a finding's
condition, a verb's setting, other people's work between a verb and its object, and a finding verb
reaching far into its complement.

And, in a paper that proposes no method of its own, what the study is about where no cue says so: the
object of "an evaluation of X" (no contribution), an opening's algorithm that the study announcement
names again ("the optimizer", "this technique"), "a simple ..." that announces nothing, and a claim that
draws a consequence ("Consequently, ...") of the one before.
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues
from kg.datafiles import load_patterns
from kg.extract.roles.base import COMPARED_WITH, COMPLEMENT_END, CONDITION, OTHERS_WORK, last
from kg.extract.roles.lists import list_tail
from kg.extract.roles.proposal import last_proposal
from kg.extract.roles.subject import leading_subject

_VERB_OBJECT = 8  # "we build on the popular PPO": a background word this close after the verb is its object's
_P = load_patterns("role_guard_patterns")  # the expressions of kg/data/patterns/role_guard_patterns.json, by name
# how many characters from a mention each guard looks
_TRAINED_TO_REACH = 60
_ASSUMED_REACH = 40
_MODEL_REACH = 8
_AND_OF_REACH = 160
_TEST_VERB_REACH = 40  # "we benchmark A, B and C against D": how far a test verb reaches to its objects
_JOINT_REACH = 90
_COMPLEMENT_REACH = 170  # "we show that <a long finding> ... X ...": how far a finding verb reaches into its complement
_REPLACED_REACH = 40
_ABSENT_REACH = 40
_ABSENT_LIST_REACH = 90  # "without A, B or X": how far back the absence may open the list X closes
_USED_ELSEWHERE_REACH = 40
_VERDICT_REACH = 100  # "we find that X, though cheaper, plateaus ...": how far after X what the finding says of it may start
_WORD_START = re.compile(r"(?<=\s)\w")


def replaced(sentence: str, start: int, end: int) -> bool:
    """Is the mention the object of "replace" ("replaces the GRU updater with ...", "replacing MCTS"),
    and not replaced by a variant of itself?"""
    return _P.replaced.search(sentence, max(0, start - _REPLACED_REACH), start) is not None \
        and _P.own_variant.match(sentence, end) is None


def used_elsewhere(sentence: str, start: int) -> bool:
    """Does the mention (or the list it closes, from ``start``) name where a technique is used ("Polyak
    averaging, as used in DDPG and X", "as popularized by X")? An example of its users, not the paper's."""
    return _P.used_elsewhere.search(sentence, max(0, start - _USED_ELSEWHERE_REACH), start) is not None


def absent(sentence: str, start: int) -> bool:
    """Does the sentence say the method goes without the mention (or the list it opens or closes):
    "requires no X", "trained without X", "does not rely on X", "without density models or X"? Neither a
    use nor a comparison."""
    if _P.absent.search(sentence, max(0, start - _ABSENT_REACH), start) is not None:
        return True
    lo = max(0, start - _ABSENT_LIST_REACH)
    # the list ends with "or"/"nor"/"and" right before the mention: only then is it looked for
    return sentence[lo:start].rstrip().endswith(("or", "and")) and _P.absent_list.search(sentence, lo, start) is not None


def yardstick(sentence: str, start: int, end: int) -> bool:
    """Is the mention the scale a result is measured on ("as expressive as the X test", "more expressive
    than A under the X hierarchy")? A yardstick, not a baseline nor a part of the method."""
    lo = max(0, start - 30)
    return _P.as_expressive.search(sentence, lo, start) is not None \
        or _P.yardstick_before.search(sentence, lo, start) is not None and _P.yardstick_after.match(sentence, end) is not None


def second_compared_complement(sentence: str, start: int, clause: int, cues: Cues) -> bool:
    """Is the mention at ``start`` (folded) a second complement of a comparison, after "and" with the
    preposition again, whose cue lies earlier in the clause, perhaps out of the cue window: "we compare
    it with the maximum likelihood estimation method under sparse data and with the X algorithm"?

    >>> from kg.extract.cues import load_cues
    >>> s = "we compare it with the maximum likelihood estimation method under sparse data and with the em algorithm."
    >>> second_compared_complement(s, s.index("em algorithm"), 0, load_cues())
    True
    >>> s = "we train it with the maximum likelihood estimation method under sparse data and with the em algorithm."
    >>> second_compared_complement(s, s.index("em algorithm"), 0, load_cues())
    False
    """
    if "and " not in sentence[max(clause, start - 16):start]:
        return False
    m = _P.second_complement_of_comparison.search(sentence, max(clause, start - 16), start)
    return m is not None and last(cues.compared, sentence, clause, m.start()) is not None


def governing_cues(sentence: str, start: int, end: int, lo: int, clause: int, background, cues: Cues,
                   own_names: frozenset[str] = frozenset()) -> dict:
    """The cue of each role that governs the mention at ``sentence[start:end]``: the nearest one
    in ``sentence[lo:start]``, once the constructions below have cancelled or redirected it.
    ``background`` is the last background phrase ("existing") in that window; ``own_names`` are
    the folded names of the paper's own methods."""
    matches = {
        "builds_on": max((m for m in (last(cues.builds_on, sentence, lo, start), last_proposal(cues.proposal, sentence, lo, start, cues))
                          if m is not None), key=lambda m: m.end(), default=None),
        "compared": last(cues.compared, sentence, lo, start),
        "studied": last(cues.studied, sentence, lo, start),
    }
    if background is not None:
        _drop_others_work(matches, sentence, start, background, cues)
    if _compare_object(sentence, matches["compared"], start, end) or _trained_against(sentence, matches["compared"], end) \
            or _by_means(sentence, matches["compared"], start) or _training_target(sentence, matches["compared"]):
        matches["compared"] = None
    if _compared_object(sentence, matches["compared"], matches["builds_on"]) or _denied(sentence, matches["builds_on"]) \
            or _across_comparison(matches["compared"], matches["builds_on"]):
        matches["builds_on"] = None
    cancelled = _finding_condition(sentence, matches["studied"], start) or _fronted_setting(sentence, matches["studied"], start, end)
    if cancelled:
        matches["studied"] = None
    elif matches["studied"] is None:
        matches["studied"] = _second_complement(sentence, clause, lo, start, cues) or _long_complement(sentence, clause, lo, start, cues)
    elif _in_setting(sentence, matches["studied"], start) or assumed(sentence, matches["studied"].end(), start, end):
        matches["studied"] = None
    if matches["builds_on"] is not None:
        verb = matches["studied"] or last(cues.studied, sentence, clause, matches["builds_on"].start())
        if verb is not None and _studied_object(sentence, verb, matches["builds_on"], cues):
            # "we study X when the models are fitted by Y": Y is the study's setting, neither studied nor built on
            setting = _P.study_condition.search(sentence, verb.end(), matches["builds_on"].start()) is not None
            matches["builds_on"], matches["studied"] = None, None if setting else verb
    _own_finding(sentence, start, end, matches, own_names, cues)
    return matches


def _own_finding(sentence: str, start: int, end: int, matches: dict, own_names: frozenset[str], cues: Cues) -> None:
    """"We prove that FooNet converges where X diverges": a finding about the paper's own method
    studies that method, not what its complement names after it. X set against the method ("where
    X diverges", "while X only ...", "that X fails to ...") is compared with it."""
    verb = matches["studied"]
    subject_end = own_subject(sentence, verb.end(), own_names) if verb is not None and verb.group().endswith("that") else None
    if subject_end is None or subject_end > start:
        return
    matches["studied"] = None
    against = _P.set_against.search(sentence, subject_end, start)
    if against is not None:
        if matches["compared"] is None or matches["compared"].end() < against.end():
            matches["compared"] = against
    elif matches["compared"] is None and cues.contrast_outcome.match(sentence, min(len(sentence), end + 1)) is not None:
        matches["compared"] = verb


def rival_finding(sentence: str, studied, start: int, end: int) -> bool:
    """"We find that X, though cheaper, plateaus at a lower accuracy", "we show that X with a plain
    loss is competitive": in a paper that proposes a method, is the mention (or the list it closes,
    from ``start``) the subject of a finding (``studied``, a "... that" cue) that rates it as a rival
    (a figure, "is competitive", "lags behind")? Then X is set against the method, not the object of
    a study. The caller decides that the paper proposes a method."""
    if studied is None or not studied.group().endswith("that") or _P.rival_subject.fullmatch(sentence, studied.end(), start) is None:
        return False
    return _rated(sentence, end)


def rated_subject(sentence: str, start: int, end: int, cues: Cues) -> bool:
    """"Lookahead decoding, which needs no draft model, reaches only 1.7× in the same setting", "A and
    X lag behind on every maze": does the mention (or the list it closes, from ``start``) open the sentence
    as its subject, rated as a rival (as in :func:`rival_finding`)? The caller decides that the
    paper proposes a method and that the sentence is past its opening background."""
    return leading_subject(sentence, start, end, cues) and _rated(sentence, end)


def _rated(sentence: str, end: int) -> bool:
    """Does what follows the subject ending at ``end`` rate it as a rival, by a verdict ("is
    competitive", "lags behind", "plateaus") or a figure ("reaches only 41%"), after at most the rest
    of a list, a bracket, an inserted clause and a short qualifier? A bare failure ("X diverges when
    ...") rates nothing: it is what a study finds about X."""
    for w in _WORD_START.finditer(sentence, end, min(len(sentence), end + _VERDICT_REACH)):
        if _P.rival_verdict.match(sentence, w.start()) and _P.rival_rest.fullmatch(sentence, end, w.start()):
            return True
    return False


def own_subject(sentence: str, pos: int, own_names: frozenset[str]) -> int | None:
    """Where the subject that opens ``sentence[pos:]`` ends, if it is the paper's own method (one of
    ``own_names``, "our method", "the proposed estimator"); else None."""
    generic = _P.own_method.match(sentence, pos)
    if generic is not None:
        return generic.end()
    at = _P.subject_start.match(sentence, pos).end()
    # the longest name that opens the subject: the same answer whatever the set's order
    return max((at + len(name) for name in own_names if name and sentence.startswith(name, at)
                and (at + len(name) == len(sentence) or not sentence[at + len(name)].isalnum())), default=None)


def _drop_others_work(matches: dict, sentence: str, start: int, background, cues: Cues) -> None:
    """A background phrase between a builds_on/studied cue and the mention makes it other people's
    work ("we propose X to fix the instability of existing PPO"), unless it is the verb's own
    object ("we build on the popular PPO") or only introduces examples ("we explain why methods such as X")."""
    for role in ("builds_on", "studied"):
        m = matches[role]
        if m is None or background.end() < m.end():
            continue
        gap = background.start() - m.end()
        if (gap > _VERB_OBJECT or gap < 0) and not (role == "studied" and _examples_only(sentence, m.end(), start, cues)):
            matches[role] = None


def tested_object(sentence: str, start: int, end: int, tail, cues: Cues) -> bool:
    """Is the mention (or the list it is in) the object of "we benchmark/evaluate/compare ... against|with
    Y" or of "a study of ... against Y"?"""
    if cues.test_verb.search(sentence, max(0, start - _TEST_VERB_REACH), start) is None:
        return False
    return any(COMPARED_WITH.match(sentence, p) for p in (end, *tail))


def compared_jointly(sentence: str, start: int, end: int, cues: Cues) -> bool:
    """Is the mention (or the list it closes, from ``start``) an object of a comparison of several
    things with each other ("we compare A, B and C on ...", "we compare four methods, namely A and
    B"), with nothing after the list that they are compared with ("... with/to/against Y")?"""
    cue = last(cues.joint_comparison, sentence, max(0, start - _JOINT_REACH), start)
    if cue is None or _P.joint_gap.fullmatch(sentence, cue.end(), start) is None:
        return False
    return not any(COMPARED_WITH.match(sentence, p) for p in (end, *list_tail(sentence, end)))


def measured_change(sentence: str, lo: int, start: int, end: int) -> bool:
    """"Reduces the error of X by 9.3%", "improves the return of X by 21%", "of A by 4% and of X
    by 7%", "improves the bound for X by a factor of d": a measured change of X's own figure is a
    comparison with X."""
    if _P.by_amount.match(sentence, end) is None:
        return False
    if _P.change_of.search(sentence, lo, start) is not None:
        return True
    second = _P.and_of.search(sentence, max(0, start - 40), start)
    return second is not None and _P.change_of_first.search(sentence, max(0, start - _AND_OF_REACH), second.start()) is not None


def figures_compared(sentence: str, compared, start: int) -> bool:
    """"Compared with 41% for X-based attacks", "versus 71.2 for A and 65.0 for X": is the mention
    named for one of the figures the comparison lists, however far the cue is?"""
    return compared is not None and _P.figures_for.fullmatch(sentence, compared.end(), start) is not None


def _compare_object(sentence: str, cue, start: int, end: int) -> bool:
    """Is the mention the first object of "compare X with Y" (what is compared, not the baseline)?"""
    return cue is not None and _P.compare_verb.fullmatch(sentence, cue.start(), start) is not None \
        and COMPARED_WITH.match(sentence, end) is not None


def _training_target(sentence: str, compared) -> bool:
    """"Trains a one-step generator to match the velocity field of X": what the method is trained to
    match is its target, not a baseline."""
    return compared is not None and compared.group().startswith("match") \
        and _P.trained_to.search(sentence, max(0, compared.start() - _TRAINED_TO_REACH), compared.start()) is not None


def _by_means(sentence: str, compared, start: int) -> bool:
    """"Outperforms X by matching segments of the Y trajectory": after "by <verb>-ing" the sentence
    says how the method wins, and what it names there is the method's, not a baseline."""
    if compared is None:
        return False
    if compared.group().endswith("ing") and _P.means_opener.search(sentence, max(0, compared.start() - 10), compared.start()):
        return True  # "by matching the segments of X": the cue is the means' own verb
    return _P.means.search(sentence, compared.end(), start) is not None


def _trained_against(sentence: str, cue, end: int) -> bool:
    """"Trains a diffusion policy against a CQL critic": X is a part the method is optimised
    against (a critic, a discriminator, a reward model), not a baseline."""
    return cue is not None and _P.against.match(cue.group()) is not None and _P.training_part.match(sentence, end) is not None


def _compared_object(sentence: str, compared, builds_on) -> bool:
    """Does the builds_on cue describe the object a comparison names ("improves over X applied to
    A and B", "outperforms a baseline that uses A": A and B are compared, not built on)?"""
    if compared is None or builds_on is None or compared.end() > builds_on.start():
        return False
    obj = _P.compared_object.fullmatch(sentence, compared.end(), builds_on.start())
    if obj is not None and (obj.group("rel") is not None or _object_with(compared, builds_on)):
        return True
    return _P.participle.match(builds_on.group()) is not None \
        and (obj is not None or _P.compared_list.fullmatch(sentence, compared.end(), builds_on.start()) is not None)


def _object_with(compared, builds_on) -> bool:
    """"Fewer than uncertainty sampling with X", "over GPTQ followed by X": right after a comparison, a
    "with" or "followed by" ends the compared object's own noun phrase, so X is part of what is compared."""
    return _P.object_with.fullmatch(builds_on.group()) is not None \
        and (_P.strong_comparison.match(compared.group()) is not None or compared.group() == "over")


def _across_comparison(compared, builds_on) -> bool:
    """Does the builds_on cue reach across the comparison ("than random search and than BO with X": the
    "search ... with" of a compared object is no use of the paper's)?"""
    return compared is not None and builds_on is not None and builds_on.start() < compared.start() < builds_on.end() \
        and _P.strong_comparison.match(compared.group()) is not None


def _denied(sentence: str, builds_on) -> bool:
    """Is the builds_on cue a use the sentence denies ("rather than relying on MCTS")?"""
    return builds_on is not None and _P.denied.search(sentence, max(0, builds_on.start() - 40), builds_on.start()) is not None


def _finding_condition(sentence: str, cue, start: int) -> bool:
    """Is the mention in a condition of a finding ("we find that the gain vanishes when X is used")?"""
    return cue is not None and cue.group().endswith("that") and CONDITION.search(sentence, cue.end(), start) is not None


def _fronted_setting(sentence: str, cue, start: int, end: int) -> bool:
    """"We show that, for Transformers trained in low precision, epsilon ...": is the mention the
    population a finding is stated for, in a phrase fronted right after the finding verb and
    closed by a training participle ("trained", "fine-tuned", "fitted")? The setting of the
    finding, not what it is about."""
    return cue is not None and cue.group().endswith("that") and _P.fronted_for.fullmatch(sentence, cue.end(), start) is not None \
        and _P.trained_population.match(sentence, end) is not None


def _second_complement(sentence: str, clause: int, lo: int, start: int, cues: Cues):
    """"We find that A ..., and that X is more faithful than Y": the "and that" opening the second
    complement of a finding verb in the same clause governs X as the verb does."""
    if sentence.find("and ", lo, start) == -1:  # every match of and_that holds "and "
        return None
    m = last(_P.and_that, sentence, lo, start)
    if m is None or CONDITION.search(sentence, m.end(), start) is not None:
        return None
    verb = last(cues.studied, sentence, clause, m.start())
    return m if verb is not None and verb.group().endswith(COMPLEMENT_END) else None


def _long_complement(sentence: str, clause: int, lo: int, start: int, cues: Cues):
    """"We show that the gap is driven by ..., while X does not": a finding verb ("we show that")
    farther back than the usual window still governs a mention in its complement when no other
    cue, background phrase, condition or contrast comes between."""
    reach = max(clause, start - _COMPLEMENT_REACH)
    if sentence.find("that", reach, start) == -1:  # a verb ending with "that" ends in the window
        return None
    verb = last(cues.studied, sentence, reach, start)
    if verb is None or not verb.group().endswith("that"):
        return None
    between = (verb.end(), start)
    if any(p.search(sentence, *between) for p in (cues.builds_on, cues.compared, cues.background, cues.proposal, CONDITION, OTHERS_WORK)) \
            or cues.studied.search(sentence, *between):
        return None
    return verb


def assumed(sentence: str, lo: int, start: int, end: int) -> bool:
    """Is the mention (after ``lo``, the analysis cue) the model a study assumes ("we study DPO under the
    Bradley-Terry model", "we prove that X separates the classes under a stochastic block model")? Only
    a model is assumed so: "the gain persists under teacher forcing" still speaks of teacher forcing."""
    return _P.assumed.search(sentence, max(lo, start - _ASSUMED_REACH), start) is not None \
        and _P.model_noun.search(sentence, start, min(len(sentence), end + _MODEL_REACH)) is not None


def _in_setting(sentence: str, cue, start: int) -> bool:
    """Is the mention in a phrase after the object of an analysis verb ("we evaluate SAEs on
    transformers", "we study replay in linear regression"): the setting, not what is studied? Not when
    the verb's object is a clause ("we quantify how memorization in X varies"): that clause is about X."""
    g = cue.group()
    return g.startswith(("we ", "this ")) and not g.endswith(COMPLEMENT_END) and _P.wh_complement.match(sentence, cue.end()) is None \
        and _P.setting.match(sentence, cue.end(), start) is not None


def _studied_object(sentence: str, studied, builds_on, cues: Cues) -> bool:
    """Is the builds_on cue inside the object of an analysis verb before it ("we evaluate eleven
    augmentations combined with X", "we study agents trained with X")?"""
    g = studied.group()
    we = g.startswith("we ") or _P.we_before.search(sentence, max(0, studied.start() - 30), studied.start()) is not None
    return we and not g.endswith(COMPLEMENT_END) and studied.end() <= builds_on.start() \
        and _P.own_object.search(sentence, studied.end(), builds_on.start()) is None \
        and cues.proposal.search(sentence, studied.start(), builds_on.start()) is None


def _examples_only(sentence: str, lo: int, start: int, cues: Cues) -> bool:
    """"We explain why sign-based methods such as X ...": is every background phrase between an
    analysis verb and the mention one that only introduces examples? Then the analysis still governs."""
    return all(_P.examples.match(b.group()) for b in cues.background.finditer(sentence, lo, start))

# --------------------------------------------------------------------------- what a study is about
# A paper that proposes no method of its own: "We present a large-scale evaluation of VeLO" proposes
# nothing; "Adam is the default optimizer ... We analyze the dynamics of the optimizer" studies Adam;
# "a simple change ..." announces no contribution; "Consequently, ..." draws a consequence of the result before.
_REFERENCE_REACH = 60  # the reference is this close after the study verb ("we analyze the dynamics of the optimizer")
_ANNOUNCER_REACH = 40  # "in this paper we describe": the paper and its verb end right before the phrase
_PRONOUN = re.compile(r"\b(?:it|its)\b")
_POSSESSIVE = re.compile(r"'s?$")


def study_object(text: str, lo: int, start: int) -> bool:
    """Is the name at ``start`` in the folded ``text`` the object of a study noun between ``lo`` (the end
    of a proposal cue) and it ("we present a large-scale evaluation of VeLO", "an empirical study of X")?

    >>> s = "we present a large-scale evaluation of velo on 83 tasks."
    >>> study_object(s, len("we present"), s.index("velo")), study_object("we present velo, an optimizer.", 10, 11)
    (True, False)
    """
    return _P.study_of.search(text, lo, start) is not None


def _own_head(word: str, sentence: str, end: int) -> bool:
    """Is ``word`` a head noun that refers back to the algorithm whose folded ``sentence`` names it
    up to ``end``: a generic one ("method"), or one the sentence itself uses after the name ("Adam is the
    default optimizer" -> "optimizer")?"""
    if _P.generic_heads.fullmatch(word):
        return True
    if not _P.reference_heads.fullmatch(word):
        return False
    stem = word[:-1] if word.endswith("s") else word
    return re.search(rf"\b{re.escape(stem)}s?\b", sentence[end:]) is not None


def referred_back(sentences: list[str], i: int, start: int, end: int, j: int, cues: Cues) -> bool:
    """Does folded sentence ``j`` (the paper's study announcement) refer back to the algorithm at
    ``sentences[i][start:end]``? The algorithm must open sentence ``i`` as its subject; sentence ``j``
    must say what the paper studies ("we analyze", "a study of") and, right after, name it again by a
    definite description whose head the algorithm's sentence uses ("the optimizer") or is generic ("the
    method"), or by a pronoun ("we analyze it", "its dynamics") when every sentence between keeps
    speaking of it by a pronoun.

    >>> from kg.extract.cues import load_cues
    >>> c = load_cues()
    >>> s = ["adam is the default optimizer for transformers.", "we analyze the dynamics of the optimizer."]
    >>> referred_back(s, 0, 0, 4, 1, c), referred_back(s, 0, 37, 49, 1, c)
    (True, False)
    >>> referred_back(["adam is the default optimizer.", "we analyze the training of the model."], 0, 0, 4, 1, c)
    False
    """
    if not 0 <= i < j < len(sentences):
        return False
    own = sentences[i]
    if not leading_subject(own, start, end, cues):
        return False
    target = sentences[j]
    for verb in _P.study_verb.finditer(target):
        for ref in _P.definite_reference.finditer(target, verb.start(), min(len(target), verb.end() + _REFERENCE_REACH)):
            if ref.group("pronoun"):
                if all(_PRONOUN.search(sentences[k]) for k in range(i + 1, j)):
                    return True
            elif any(_own_head(_POSSESSIVE.sub("", w), own, end) for w in ref.group("words").split()):
                return True
    return False


def without_description(sentence: str) -> str:
    """``sentence`` with "a simple", "a new" ... blanked out (same length, any case): in a paper that
    proposes nothing, such a phrase describes what the study found or used, and no proposal cue should
    read it as the announcement of a contribution; unless the paper itself announces it with a verb of
    its own ("we describe a new system"): such a paper proposes something after all.

    >>> without_description("Consequently, a simple change recovers the benefits.")
    'Consequently,          change recovers the benefits.'
    >>> without_description("A new regime emerges.")
    '      regime emerges.'
    >>> without_description("We find that a simple baseline wins."), without_description("We describe a new system.")
    ('We find that          baseline wins.', 'We describe a new system.')
    """
    def blank(m: re.Match) -> str:
        announced = _P.announcing_subject.search(sentence, max(0, m.start() - _ANNOUNCER_REACH), m.start())
        return m.group() if announced is not None else " " * len(m.group())

    return _P.descriptive_proposal.sub(blank, sentence)
