"""The role an algorithm plays in a paper: builds_on, compared, studied or mentioned.

Per occurrence the cue nearest before the mention decides (``-based``/``-class`` right
after it means builds_on); per paper the strongest role over all occurrences wins.

>>> from kg.extract.cues import load_cues
>>> c = load_cues()
>>> s = "Our method outperforms PPO and is based on MuZero."
>>> occurrence_role(s, s.index("PPO"), s.index("PPO") + 3, c)[0], occurrence_role(s, s.index("MuZero"), s.index("MuZero") + 6, c)[0]
('compared', 'builds_on')
"""
from __future__ import annotations

import re

from kg.extract.cues import Cues, fold

ROLE_PRIORITY = {"builds_on": 3, "compared": 2, "studied": 1, "mentioned": 0}
_WINDOW = 70
_CLAUSE_REACH = 300  # how far back a proposal ("we propose X, which ...") reaches a mention no nearer cue governs


def _last(pattern, text: str, lo: int, end: int):
    """The last match of ``pattern`` in ``text[lo:end]``, or None."""
    best = None
    for m in pattern.finditer(text, lo, end):
        best = m
    return best


# on folded text
_CONTRAST_OPENING = re.compile(r"^\s*(?:compared (?:with|to)|in comparison (?:with|to)|unlike|in contrast to|relative to|as opposed to|contrary to)\b")
# "Following X, we ...", "As in X, FooNet ...", "Similar to X, ...": an opening phrase naming what the main
# clause's method follows ("following the success of X" is background)
_ADOPT_OPENING = re.compile(r"^\s*(?:following|as in|as done in|similar(?:ly)? to|akin to|analogous(?:ly)? to|in line with|"
                            r"motivated by|like)\s+(?!(?:the |its |their |recent )?(?:success|advances?|progress|popularity|"
                            r"introduction|development|emergence|rise|work|works|prior|previous|existing|many|most|other)\b)")
# "FooNet reaches 71.2%, while X reaches 68.4%": another method's figure set beside the paper's
_FIGURE_AFTER = re.compile(r"\s+(?:only |just |merely )?(?:reach(?:es)?|achieves?|attains?|obtains?|scores?|gets?|yields?|stays? at)\s+"
                           r"(?:only |just |merely |about |around |an? )?(?:[\w-]+ ){0,2}?(?:of )?[\d.]+\s?(?:%|points?|pp|db)?")
_DIGIT = re.compile(r"\d")
_FIGURE_REACH = 120  # the figures before and after the mention are this close to it
_FIGURE_CLAUSE = re.compile(r"\d[^;]{0,80}?(?:,\s*while|,\s*whereas|;|,\s*and|,\s*but)\s")
# "In contrast, X recovers ...": the subject of a sentence that opens by setting itself against the last
_OPENERS = re.compile(r"\s*(?:in|by) contrast\b|\s*(?:following|as|similar|akin|analogous|in line|motivated|like)\b")
_CONTRAST_SUBJECT = re.compile(r"^\s*(?:in|by) contrast\s*,\s*(?:(?:the|a|an|standard|classical|vanilla|plain)\s+)?")
_MAIN_CLAUSE = re.compile(r",\s+(?:we|our|the proposed|this|it)\b")
# "While X needs ..., Y is more efficient": X is compared when the main clause compares
_CONCESSIVE_OPENING = re.compile(r"^\s*(?:while|whereas|although|though|even though)\b")
_OWN_SUBJECT = re.compile(r"\s*(?:our|the proposed|the resulting)\b")
_BACK_REFERENCE = re.compile(r"\s*(?:it|its|they|them|their|these|this|such|the latter|the former)\b")
# a clause boundary: a cue before it does not reach a mention after it
_BOUNDARY = re.compile(r";|,\s*(?=(?:but|whereas|although|though|yet)\b)|,\s*and\s+(?=we\b)")  # "but"/"whereas" stay in reach
# between "we propose X" and a mention: the mention is other people's work the proposal sets itself against
_OTHERS_WORK = re.compile(r"\b(?:where|when|whose|in which|for which|without|fails?|struggles?|suffers?|limitations?|drawbacks?)\b")
# "we show that the gain vanishes when X is used": X is the finding's condition, not its subject
_CONDITION = re.compile(r"\b(?:when|whenever|if|unless|once)\b")
# "we compare X with Y": X is what the comparison is about, Y what it is compared with
_COMPARE_VERB = re.compile(r"compar(?:e|es|ing)\s+(?:the\s+)?")
_COMPARED_WITH = re.compile(r"\s+(?:with|to|against)\s+(?!our\b|ours\b|the proposed\b)")
# "trains the policy against a CQL critic": what the method is trained against is one of its parts
_AGAINST = re.compile(r"against\s*$")
_TRAINING_PART = re.compile(r"[\s-]+(?:critics?|discriminators?|reward models?|verifiers?|judges?|value functions?|q-functions?)\b")
# "we show that A, and that X ...": a second complement of the same finding verb
_AND_THAT = re.compile(r"\band (?:that|why|how)\b")
_COMPLEMENT_END = ("that", "why", "how")
# "we evaluate SAEs on transformers trained ...": after the verb's object, a mention in a
# prepositional phrase is the setting of the study, not what is studied
_SETTING = re.compile(r"\s*[^\s,;:]+(?:\s+[^\s,;:]+)*?\s+(?:on|in|across|within)\s")
# "reduces the error of X by 9%", "improves X by 4 points": a measured change of X's figure compares with X
_CHANGE_OF = re.compile(r"\b(?:improv|reduc|lower|rais|increas|boost|cut|halv|decreas|exceed)\w* (?:(?:the |its )?(?:[\w-]+ ){0,3}?of\s+(?:the\s+|an?\s+)?)?$")
# "of a ReAct agent by 33%": a head noun may follow the name
_BY_AMOUNT = re.compile(r"(?:[\s-]+(?:agents?|models?|policy|policies|baselines?|pipelines?|systems?|methods?))?\s+by\s+(?:up to\s+|about\s+|nearly\s+|over\s+|more than\s+|a factor of\s+)?\d")
# "we evaluate augmentations combined with TD3+BC": a builds_on cue inside the object of an analysis
# verb describes what is studied, unless the object is the paper's own ("we evaluate our method with X")
_WE_BEFORE = re.compile(r"\bwe (?:\w+ ){0,2}$")
_OWN_OBJECT = re.compile(r"\b(?:our|ours|the proposed)\b")
_ADJACENT = 25  # "existing PPO-based": a background word this close qualifies the mention itself
_VERB_OBJECT = 8  # "we build on the popular PPO": a background word this close after the verb is its object's


def _min(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else min(a, b)


def occurrence_role(sentence: str, start: int, end: int, cues: Cues, *, own: bool = True,
                    describes: bool = False) -> tuple[str, float]:
    """Role and confidence of one mention at ``sentence[start:end]``.

    ``own`` says whether the sentence is about the paper's own work (we/our/its method's
    name): only then does "based on X" or "X-style" mean the paper builds on X.
    ``describes`` says the sentence goes on describing the method just proposed ("We present
    FooNet. Its encoder ... a GIN"): an algorithm no cue governs there is part of that method.
    """
    role, conf = _occurrence_role(fold(sentence), start, end, cues, describes=describes)
    if role == "builds_on" and not own:
        return "mentioned", 0.55
    return role, conf


# "Unlike A, which ..., and B, which ..., FooNet ...": a comma before these continues the opening phrase
_OPENING_CONTINUES = re.compile(r",\s*(?:which|who|whose|that|and|or|nor|as well as)\b")


def _opening_end(sentence: str, pos: int) -> int:
    """The comma that closes a contrast opening ("Unlike A, which discards X, and B, FooNet ..."):
    the first one not followed by a relative clause or a further coordinated item; -1 if none."""
    comma = sentence.find(",", pos)
    while comma != -1 and _OPENING_CONTINUES.match(sentence, comma):
        comma = sentence.find(",", comma + 1)
    return comma


def _concessive_compared(sentence: str, end: int, cues: Cues) -> bool:
    """"While X ..., Y is cheaper" / "Whereas X ..., our method ...": X is set against Y."""
    if not _CONCESSIVE_OPENING.match(sentence):
        return False
    comma = sentence.find(",", _CONCESSIVE_OPENING.match(sentence).end())
    if comma == -1 or comma < end:
        return False
    main = sentence[comma + 1:]
    if _BACK_REFERENCE.match(main):
        return False
    return _OWN_SUBJECT.match(main) is not None or cues.comparative.search(main) is not None


def _proposal(pattern, sentence: str, lo: int, start: int):
    """The last proposal (``pattern``) in ``sentence[lo:start]``, unless the words from it to
    the mention set the mention apart ("we propose X for domains where MCTS is too slow")."""
    m = _last(pattern, sentence, lo, start)
    if m is None:
        return None
    others = _OTHERS_WORK.search(sentence, m.end(), start)
    if others is not None and not (_OWN_RELATIVE.match(others.group())
                                   and _PROPOSED_OBJECT.fullmatch(sentence, m.end(), others.start())
                                   and _OTHERS_WORK.search(sentence, others.end(), start) is None):
        return None
    return m


# "we propose FooNet, in which a diffusion model ...": a relative clause right after the proposed
# name describes the proposal itself, not a setting ("for domains where MCTS is too slow")
_OWN_RELATIVE = re.compile(r"where|whose|in which")
_PROPOSED_OBJECT = re.compile(r"\s*(?:(?:a|an|the) )?[\w+.'-]+(?: (?!(?:for|in|on|to|with|of|under|where|when)\b)[\w+.'-]+){0,5}(?: \([^()]{1,60}\))?,\s*")


def _in_proposal(sentence: str, clause: int, start: int, cues: Cues) -> bool:
    """"We propose FooNet, which ... with X": in the clause that introduces the paper's method,
    an algorithm that no cue governs is part of that method (``clause`` is the clause's start)."""
    m = _proposal(cues.new_method, sentence, clause, start)
    return m is not None and cues.background.search(sentence, m.end(), start) is None


# in a sentence describing the paper's method, words that set a mention apart from it ("It needs no MCTS",
# "It is compatible with FlashAttention": what it works alongside is not part of it)
_SET_APART = re.compile(r"\b(?:not|no|never|nor|without|instead|rather than|unlike|avoid\w*|eliminat\w*|remov\w*|replac\w*|drop\w*|discard\w*|"
                        r"(?:compatible|combinable) with|orthogonal to|complementary to|agnostic to)\b")


def describes_proposal(openers: list[bool], proposals: list[bool]) -> list[bool]:
    """Which sentences go on describing the method a proposal sentence introduced: those that
    open like a description (``openers``: "The encoder ...", "It ...") right after a proposal
    (``proposals``: "We present FooNet.") or after another such sentence.

    >>> describes_proposal([False, True, True, False, True], [True, False, False, False, False])
    [False, True, True, False, False]
    """
    out, prev = [], False
    for opener, proposal in zip(openers, proposals):
        cur = opener and prev
        out.append(cur)
        prev = proposal or cur
    return out


def _compare_object(sentence: str, cue, start: int, end: int) -> bool:
    """Is the mention the first object of "compare X with Y" (what is compared, not the baseline)?"""
    return cue is not None and _COMPARE_VERB.fullmatch(sentence, cue.start(), start) is not None \
        and _COMPARED_WITH.match(sentence, end) is not None


# "we benchmark A, B and C against D": the objects of a test verb are what is tested, D what they are tested against
_TEST_VERB = re.compile(r"\bwe (?:\w+ )?(?:compare|benchmark|evaluate|test|assess|pit)\s+(?:the\s+)?$")
_TEST_VERB_REACH = 40


def _tested_object(sentence: str, start: int, end: int, tail) -> bool:
    """Is the mention (or the list it is in) the object of "we benchmark/evaluate/compare ... against|with Y"?"""
    if _TEST_VERB.search(sentence, max(0, start - _TEST_VERB_REACH), start) is None:
        return False
    return any(_COMPARED_WITH.match(sentence, p) for p in (end, *tail))


def _finding_condition(sentence: str, cue, start: int) -> bool:
    """Is the mention in a condition of a finding ("we find that the gain vanishes when X is used")?"""
    return cue is not None and cue.group().endswith("that") and _CONDITION.search(sentence, cue.end(), start) is not None


def _trained_against(sentence: str, cue, end: int) -> bool:
    """"Trains a diffusion policy against a CQL critic": X is a part the method is optimised
    against (a critic, a discriminator, a reward model), not a baseline."""
    return cue is not None and _AGAINST.match(cue.group()) is not None and _TRAINING_PART.match(sentence, end) is not None


def _measured_change(sentence: str, lo: int, start: int, end: int) -> bool:
    """"Reduces the error of X by 9.3%", "improves the return of X by 21%": a measured change
    of X's own figure is a comparison with X."""
    return _BY_AMOUNT.match(sentence, end) is not None and _CHANGE_OF.search(sentence, lo, start) is not None


def _studied_object(sentence: str, studied, builds_on, cues: Cues) -> bool:
    """Is the builds_on cue inside the object of an analysis verb before it ("we evaluate eleven
    augmentations combined with X", "we study agents trained with X")?"""
    g = studied.group()
    we = g.startswith("we ") or _WE_BEFORE.search(sentence, max(0, studied.start() - 30), studied.start()) is not None
    return we and not g.endswith(_COMPLEMENT_END) and studied.end() <= builds_on.start() \
        and _OWN_OBJECT.search(sentence, studied.end(), builds_on.start()) is None \
        and cues.proposal.search(sentence, studied.start(), builds_on.start()) is None


def _second_complement(sentence: str, clause: int, lo: int, start: int, cues: Cues):
    """"We find that A ..., and that X is more faithful than Y": the "and that" opening the second
    complement of a finding verb in the same clause governs X as the verb does."""
    m = _last(_AND_THAT, sentence, lo, start)
    if m is None or _CONDITION.search(sentence, m.end(), start) is not None:
        return None
    verb = _last(cues.studied, sentence, clause, m.start())
    return m if verb is not None and verb.group().endswith(_COMPLEMENT_END) else None


_COMPLEMENT_REACH = 170  # "we show that <a long finding> ... X ...": how far a finding verb reaches into its complement


def _long_complement(sentence: str, clause: int, lo: int, start: int, cues: Cues):
    """"We show that the gap is driven by ..., while X does not": a finding verb ("we show that")
    farther back than the usual window still governs a mention in its complement when no other
    cue, background phrase, condition or contrast comes between."""
    verb = _last(cues.studied, sentence, max(clause, start - _COMPLEMENT_REACH), start)
    if verb is None or not verb.group().endswith("that"):
        return None
    between = (verb.end(), start)
    if any(p.search(sentence, *between) for p in (cues.builds_on, cues.compared, cues.background, cues.proposal, _CONDITION, _OTHERS_WORK)) \
            or cues.studied.search(sentence, *between):
        return None
    return verb


# "outperforms X applied to A and B", "beats methods trained with A": a participle after the compared
# object describes that object, so what it names is compared too
_COMPARED_OBJECT = re.compile(r"\s*(?:(?!(?:by|while|when|and|with|through|via|as|since|because|thanks|due|we|it|that|which|who)\s)[\w+.'-]+,?\s+){0,4}"
                              r"(?P<rel>(?:that|which|who)\s+)?$")
_PARTICIPLE = re.compile(r"\w+ed\b|based on|buil[dt] (?:up)?on")


# "without relying on X", "rather than using X", "does not use X": a use that is denied
_DENIED = re.compile(r"\b(?:instead of|rather than|without|no longer|not|never|avoid(?:s|ing)?|eliminat\w* the need (?:for|to)|"
                     r"removes? the need (?:for|to))\s+(?:\w+\s+)?$")


def _denied(sentence: str, builds_on) -> bool:
    """Is the builds_on cue a use the sentence denies ("rather than relying on MCTS")?"""
    return builds_on is not None and _DENIED.search(sentence, max(0, builds_on.start() - 40), builds_on.start()) is not None


def _compared_object(sentence: str, compared, builds_on) -> bool:
    """Does the builds_on cue describe the object a comparison names ("improves over X applied to
    A and B", "outperforms a baseline that uses A": A and B are compared, not built on)?"""
    if compared is None or builds_on is None or compared.end() > builds_on.start():
        return False
    obj = _COMPARED_OBJECT.fullmatch(sentence, compared.end(), builds_on.start())
    return obj is not None and (obj.group("rel") is not None or _PARTICIPLE.match(builds_on.group()) is not None)


_SUBJECT_LIST = re.compile(r"(?:[\w+.'()-]+(?:,\s*|\s+))*")  # names, commas, "and"/"or" (words too): one parse, linear
_SUBJECT_REACH = 80


def _adopted(sentence: str, start: int) -> bool:
    """"Following DreamerV3, we train ...": is the mention in an opening phrase that says what the
    main clause's method follows?"""
    m = _ADOPT_OPENING.match(sentence)
    if m is None:
        return False
    comma = sentence.find(",", m.end())
    return comma != -1 and start < comma and comma - m.end() <= _SUBJECT_REACH


def _figure_beside(sentence: str, start: int, end: int, tail: list[int]) -> bool:
    """"FooNet achieves 71.2%, while X reaches 68.4%" ("while X and Y reach ..."): is the mention the
    subject of a clause that gives its figure after a clause that gave another?"""
    if not _said_after(_FIGURE_AFTER, sentence, end, tail):
        return False
    clause = _last(_FIGURE_CLAUSE, sentence, max(0, start - _FIGURE_REACH), start)
    return clause is not None and _SUBJECT_LIST.fullmatch(sentence, clause.end(), start) is not None


def _contrast_subject(sentence: str, start: int) -> bool:
    """"In contrast, ICA recovers the true features", "By contrast, A and X fail": is the mention
    in the subject right after the opener (nothing but names and "and"/"or" between)?"""
    m = _CONTRAST_SUBJECT.match(sentence)
    return m is not None and m.end() <= start <= m.end() + _SUBJECT_REACH \
        and _SUBJECT_LIST.fullmatch(sentence, m.end(), start) is not None \
        and not any(w.strip(",") in _LIST_STOP - {"and", "or"} for w in sentence[m.end():start].split())


_TAIL_SEPARATOR = re.compile(r"\s*,\s*(?:and|or)\s+|\s*,\s*|\s+(?:and|or)\s+")
_TAIL_OPENERS = (",", " ,", " and ", " or ")
# the first words of what can follow a list and speak for its items (``builds_on_after``, ``compared_after``,
# a figure): a list is read only when one of them is near (a prefilter: keep it a superset of those openings)
_TAIL_CUE = re.compile(r"\b(?:as|baselines?|outperformed|surpassed|beaten|dominated|exceeded|compared|comparison|versus|vs|"
                       r"against|relative|reach\w*|achiev\w*|attain\w*|obtain\w*|scores?|gets?|yields?|stays?|backbones?|"
                       r"encoders?|decoders?|layers?|blocks?|modules?|heads?|architectures?|special)\b")
_TAIL_REACH = 120
_TAIL_WORD = re.compile(r"[\w+.'’*/-]+")


def _list_tail(sentence: str, end: int) -> list[int]:
    """Where the words of the last item of a list the mention opens end ("X, Y and Z serve as
    baselines"): a phrase after the list that says what its items are says it of X too. Items are
    short phrases (at most four words, none a function word or preposition); [] when no list follows."""
    ends, pos = [], end
    for _ in range(_LIST_ITEMS):
        sep = _TAIL_SEPARATOR.match(sentence, pos)
        if sep is None:
            break
        pos, item = sep.end(), []
        for _ in range(_LIST_ITEM_WORDS):
            w = _TAIL_WORD.match(sentence, pos)
            if w is None or w.group() in _TAIL_STOP:
                break
            item.append(w.end())
            pos = w.end()
            if not sentence.startswith(" ", pos) or _TAIL_SEPARATOR.match(sentence, pos):
                break
            pos += 1
        if not item:
            break
        ends = item  # what follows the list follows its last item
        pos = item[-1]
    return ends


def _said_after(pattern, sentence: str, end: int, tail) -> bool:
    """Does ``pattern`` follow the mention, or the list it opens?"""
    return pattern.match(sentence, end) is not None or bool(tail) and any(pattern.match(sentence, p) for p in tail)


def _in_setting(sentence: str, cue, start: int) -> bool:
    """Is the mention in a phrase after the object of an analysis verb ("we evaluate SAEs on
    transformers", "we study replay in linear regression"): the setting, not what is studied?"""
    g = cue.group()
    return g.startswith(("we ", "this ")) and not g.endswith(_COMPLEMENT_END) and _SETTING.match(sentence, cue.end(), start) is not None


_LIST_SEPARATOR = re.compile(r"(?:,\s*(?:and|or)\s+|,\s*|\s+(?:and|or)\s+)$")
_LIST_WORD = re.compile(r"[\w+.'’*/-]+$")
_LIST_PAREN = re.compile(r"\s*\([^()]{1,40}\)$")
_LIST_STOP = frozenset("a an the of for in on at to by with from as such including include includes like e.g. e.g., i.e. "
                       "and or than over via using is are was were be been we our its their these this that those which "
                       "both between whereas while versus vs vs. also then each other".split())
# words that end a list's last item ("A, B and C against D": D is no item)
_TAIL_STOP = _LIST_STOP | frozenset("against over across into onto under within without through among per after before during "
                                    "beyond toward towards outperform outperforms outperformed".split())
_LIST_ITEM_WORDS = 4
_LIST_ITEMS = 12


def _list_head(sentence: str, start: int, cues: Cues) -> int:
    """Where the coordinated list the mention closes begins ("including A, B, C and X",
    "outperforms focal loss and X"): the list's cue reaches every item, and a cue word inside
    an earlier item ("focal loss") is no cue. Items are short phrases (at most four words,
    none a function word or a cue word); returns ``start`` when the mention ends no list."""
    head = start
    for _ in range(_LIST_ITEMS):
        sep = _LIST_SEPARATOR.search(sentence, max(0, head - 8), head)
        if sep is None:
            return head
        pos, item = sep.start(), None
        paren = _LIST_PAREN.search(sentence, max(0, pos - 44), pos)
        if paren is not None:
            pos = paren.start()
        for _ in range(_LIST_ITEM_WORDS):
            w = _LIST_WORD.search(sentence, max(0, pos - 40), pos)
            if w is None or w.group() in _LIST_STOP or cues.compared.search(w.group()) or cues.builds_on.search(w.group()) \
                    or cues.studied.search(w.group()) and fold(w.group()) != "loss" or cues.background.search(w.group()):
                break
            item = w.start()
            if w.start() == 0 or sentence[w.start() - 1] != " ":
                break
            pos = w.start() - 1
        if item is None:
            return head
        head = item
    return head


# "methods such as X": names examples of a kind, and says no more that they are other people's work
_EXAMPLES = re.compile(r"(?:methods|approaches|algorithms|techniques|frameworks|works|baselines) (?:such as|like|including|\(?e\.g\.)")


def _examples_only(sentence: str, lo: int, start: int, cues: Cues) -> bool:
    """"We explain why sign-based methods such as X ...": is every background phrase between an
    analysis verb and the mention one that only introduces examples? Then the analysis still governs."""
    return all(_EXAMPLES.match(b.group()) for b in cues.background.finditer(sentence, lo, start))


def _occurrence_role(sentence: str, start: int, end: int, cues: Cues, *, describes: bool = False) -> tuple[str, float]:
    # the list a mention opens ("X, Y and Z serve as baselines"): what follows it speaks for X
    tail = _list_tail(sentence, end) if sentence.startswith(_TAIL_OPENERS, end) \
        and _TAIL_CUE.search(sentence, end, end + _TAIL_REACH) is not None else ()
    if _OPENERS.match(sentence) is not None:  # one test for the rare openings below
        if _contrast_subject(sentence, start):
            return "compared", 0.75
        if _adopted(sentence, start):
            return "builds_on", 0.75
    if _DIGIT.search(sentence, end, end + _FIGURE_REACH) is not None and _figure_beside(sentence, start, end, tail):
        return "compared", 0.75
    # a mention that closes a list ("A, B and X") takes the role of the whole list
    start = _list_head(sentence, start, cues)
    lo = max(0, start - _WINDOW)
    clause = max(0, start - _CLAUSE_REACH)  # the start of the mention's clause (bounded: linear time on hostile text)
    opening = _CONTRAST_OPENING.match(sentence)
    if opening:
        # "Compared with X and Y, <main clause>": the main clause starts at "we/our/..." or,
        # failing that, at the first comma after the opening phrase; the opening's cue
        # does not reach into it
        main = _MAIN_CLAUSE.search(sentence)
        cut = main.start() if main else _opening_end(sentence, opening.end())
        if cut == -1 or start < cut:
            return "compared", 0.8
        lo = max(lo, cut + 1)
        clause = max(clause, cut + 1)
    boundary = _last(_BOUNDARY, sentence, clause, start)
    if boundary is not None:
        clause = boundary.end()
        lo = max(lo, clause)
    background = _last(cues.background, sentence, lo, start)
    qualified = background is not None and start - background.end() <= _ADJACENT  # "existing X-based methods"
    if _concessive_compared(sentence, end, cues):
        return "compared", 0.75
    matches = {
        "builds_on": max((m for m in (_last(cues.builds_on, sentence, lo, start), _proposal(cues.proposal, sentence, lo, start))
                          if m is not None), key=lambda m: m.end(), default=None),
        "compared": _last(cues.compared, sentence, lo, start),
        "studied": _last(cues.studied, sentence, lo, start),
    }
    # a background phrase between a builds_on/studied cue and the mention makes it other people's
    # work ("we propose X to fix the instability of existing PPO"), unless it is the verb's own
    # object ("we build on the popular PPO")
    if background is not None:
        for role in ("builds_on", "studied"):
            m = matches[role]
            gap = background.start() - m.end() if m is not None else 0
            if m is not None and background.end() >= m.end() and (gap > _VERB_OBJECT or gap < 0) \
                    and not (role == "studied" and _examples_only(sentence, m.end(), start, cues)):
                matches[role] = None
    if _compare_object(sentence, matches["compared"], start, end) or _trained_against(sentence, matches["compared"], end):
        matches["compared"] = None
    if _compared_object(sentence, matches["compared"], matches["builds_on"]) or _denied(sentence, matches["builds_on"]):
        matches["builds_on"] = None
    if _finding_condition(sentence, matches["studied"], start):
        matches["studied"] = None
    if matches["studied"] is None:
        matches["studied"] = _second_complement(sentence, clause, lo, start, cues) or _long_complement(sentence, clause, lo, start, cues)
    elif _in_setting(sentence, matches["studied"], start):
        matches["studied"] = None
    if matches["builds_on"] is not None:
        verb = matches["studied"] or _last(cues.studied, sentence, clause, matches["builds_on"].start())
        if verb is not None and _studied_object(sentence, verb, matches["builds_on"], cues):
            matches["builds_on"], matches["studied"] = None, verb
    dists = {role: start - m.end() for role, m in matches.items() if m is not None}
    # "the sample complexity of X" is the subject of analysis, unless compared ("matches the complexity of X")
    prop = _last(cues.studied_property, sentence, lo, start)
    if prop is not None and start - prop.end() < min(dists.values(), default=_WINDOW + 1) \
            and not cues.remedy.search(sentence, max(0, prop.start() - 30), prop.start()):  # "improve the stability of X"
        return ("compared", 0.75) if "compared" in dists else ("studied", 0.75)
    if cues.builds_on_suffix.match(sentence, end) or _said_after(cues.builds_on_after, sentence, end, tail):
        # "we analyse PPO-style clipping" is studied; "existing PPO-based methods" is background
        if "studied" in dists and dists["studied"] < dists.get("builds_on", _WINDOW + 1):
            return "studied", 0.8
        # "outperforms PPO-based methods", "PPO-style baselines": the comparison governs
        if dists.get("compared", _WINDOW + 1) <= _ADJACENT and dists["compared"] < dists.get("builds_on", _WINDOW + 1) \
                or cues.compared_after.match(sentence, cues.builds_on_suffix.match(sentence, end).end()
                                             if cues.builds_on_suffix.match(sentence, end) else end):
            return "compared", 0.8
        if not qualified:
            return "builds_on", 0.85
    # "PPO as a baseline" / "PPO is outperformed by" / "than PPO" after the mention
    if (_said_after(cues.compared_after, sentence, end, tail) and not _tested_object(sentence, start, end, tail)) \
            or _measured_change(sentence, lo, start, end):
        dists["compared"] = 0
    if not dists:
        if _in_proposal(sentence, clause, start, cues) or describes and clause == 0 \
                and _SET_APART.search(sentence, 0, start) is None and _OTHERS_WORK.search(sentence, 0, start) is None \
                and cues.background.search(sentence, 0, start) is None:
            return "builds_on", 0.6
        # "the MuZero loss": the algorithm's objective itself is the subject
        if cues.studied_after.match(sentence, end):
            return "studied", 0.65
        return "mentioned", 0.6
    role = min(dists, key=lambda r: (dists[r], -ROLE_PRIORITY[r]))
    return role, 0.8 if dists[role] < 30 else 0.65


def paper_role(roles: list[tuple[str, float]], *, proposes_named: bool = True, sentences: int = 1) -> tuple[str, float]:
    """Strongest role over a paper's occurrences of one concept.

    A paper that names no method of its own and returns to an algorithm in several
    ``sentences`` is studying it ("we analyze DQNs", "the MuZero loss").
    """
    role, conf = max(roles, key=lambda rc: (ROLE_PRIORITY[rc[0]], rc[1]))
    if not proposes_named and role == "mentioned" and sentences >= 2:
        return "studied", 0.6
    return role, conf


TITLE_REACH = 300  # a title is read up to this many characters (bounded on hostile input)
_TITLE_SEPARATOR = re.compile(r"[:?!]|\s[-–—]+\s|\.\s")
_NOUN_REACH = 30  # "Convergence Rates for Adam": the analysis noun is this close before the mention
_PREVIOUS_WORD = re.compile(r"([\w-]+)\W*$")
# "Thompson Sampling Is Robust to ...", "Adam Can Diverge", "X for Y Depend on ...": a title that
# states something of X, its subject, is a study of X (on folded text, matched right after X)
_TITLE_STATEMENT = re.compile(
    r"(?:\s+[\w-]+){0,3}?\s+(?:is|are|can|cannot|do|does|did|will|may|might|must|provably|secretly|implicitly|"
    r"fail|fails|learn|learns|depend|depends|converge|converges|generali[sz]e|generali[sz]es|overfit|overfits|"
    r"memori[sz]e|memori[sz]es|suffer|suffers|struggle|struggles|collapse|collapses|break|breaks|forget|forgets|"
    r"behave|behaves|underperform|underperforms|exploit|exploits|prefer|prefers|favor|favors|find|finds|solve|solves|"
    r"approximate|approximates|implement|implements|emulate|emulates|mimic|mimics|succeed|succeeds|outperform|outperforms|"
    r"help|helps|hurt|hurts|work|works|scale|scales)\b")
# "Exploration with RND Fails under Noise": a failure said of a phrase naming X is said of X
_TITLE_FAILURE = re.compile(
    r"(?:\s+[\w-]+){0,3}?\s+(?:fails?|breaks?|collapses?|struggles?|suffers?|overfits?|forgets?|underperforms?|diverges?)\b")
_TITLE_FUNCTION_WORDS = frozenset("a an the of for in on at to by with under from and or does do did is are was were can "
                                  "could should will would must how why when what which meets meet via using through as into "
                                  "help helps hurt hurts affect affects benefit benefits matter".split())


def _qualified(title: str, seg: int, start: int, cues: Cues) -> bool:
    """Does a capitalised modifier make the title's name a variant ("Distributional Q-Learning")?"""
    prev = _PREVIOUS_WORD.search(title, max(seg, start - 40), start)
    if prev is None or not prev.group(1)[:1].isupper():
        return False
    word = fold(prev.group(1))
    return word not in _TITLE_FUNCTION_WORDS and not cues.title_studied_opening.fullmatch(word)


def _title_subject(title: str, t: str, seg: int, start: int, end: int, seg_end: int) -> bool:
    """Is the name the subject of a title that states something of it ("Thompson Sampling Is
    Robust ...")? At most three words, none a function word, come before it in its segment."""
    words = t[seg:start].split()
    if len(words) <= 4 and _TITLE_FAILURE.match(t, end, seg_end) is not None:
        return True
    if len(words) > 3 or any(w in _TITLE_FUNCTION_WORDS for w in words):
        return False
    m = _TITLE_STATEMENT.match(t, end, seg_end)
    return m is not None and not any(w in ("of", "with", "via", "using", "through", "by")
                                     for w in t[end:m.end()].split()[:-1])


def title_span(title: str, forms) -> tuple[int, int] | None:
    """The first place the title names the concept, as one of its ``forms`` (whole words; a
    plural "s" and a hyphenated suffix may follow: "Transformers", "PPO-based"). Acronyms
    match in their case, longer names in any case."""
    low = fold(title)
    best = None
    for form in forms:
        if len(form) < 2:
            continue
        hay, needle = (title, form) if sum(map(str.isupper, form)) >= 2 or len(form) <= 4 else (low, fold(form))
        i = hay.find(needle)
        while i != -1:
            j = i + len(needle)
            if j < len(hay) and hay[j] == "s" and (j + 1 == len(hay) or not hay[j + 1].isalnum()):
                j += 1
            if (i == 0 or not (hay[i - 1].isalnum() or hay[i - 1] == "-")) and (j == len(hay) or not hay[j].isalnum()):
                if best is None or i < best[0]:
                    best = (i, j)
                break
            i = hay.find(needle, i + 1)
    return best


def title_role(title: str, start: int, end: int, cues: Cues, *, named: bool = False,
               proposes: bool = False) -> str | None:
    """What the title says about the algorithm it names at ``title[start:end]``: ``studied``
    for an analysis title ("On the Sample Complexity of X", "Does X Overfit?", "Sharp
    Convergence Rates for X", "X Revisited"), ``builds_on`` when the paper's method improves or
    uses X ("Improving X with ...", "Offline RL via X", "FooNet: Scaling X to ..."), else None.
    ``named`` says the title opens with the name of the paper's method ("FooNet: ..."): an
    algorithm its description names, and no cue governs, is one the method builds on.
    ``proposes`` says the paper proposes a method at all: then an algorithm its title is
    about, and no cue governs, is one the method builds on ("Fast Sampling of Diffusion
    Models with Learned Step Schedules").
    "Beyond X", "X Is Not Enough", "Do We Need X?" or "X vs. Y" say nothing (None), except in a
    paper that proposes nothing, where a question or a comparison about X studies it.
    """
    t = fold(title)
    seps = list(_TITLE_SEPARATOR.finditer(t))
    seg = max((m.end() for m in seps if m.end() <= start), default=0)
    after = next((m for m in seps if m.start() >= end), None)
    seg_end = after.start() if after is not None else len(t)
    while seg < start and t[seg].isspace():
        seg += 1
    before = t[seg:start]
    compares = cues.compared.search(before) or cues.compared_after.match(t, end)
    if cues.title_set_apart_before.search(before) or cues.title_set_apart_after.match(t, end, seg_end) or compares:
        # a paper proposing nothing asks of X ("Is X Necessary for ...?", "Are Y Better than X?") or
        # sets it against another ("X versus Y"): a study of X
        question = after is not None and after.group() == "?"
        return "studied" if not proposes and (question or compares) else None
    if cues.title_builds_on_verb.search(before):  # also "Understanding and Improving X"
        return "builds_on"
    if _title_subject(title, t, seg, start, end, seg_end):
        return None if _qualified(title, seg, start, cues) else "studied"
    noun = _last(cues.title_studied_noun, t, seg, start) or _last(cues.studied_property, t, seg, start)
    analysis = cues.title_studied_opening.match(t, seg, start) \
        or (after is not None and after.group() == "?" and cues.title_question.match(t, seg, start)) \
        or (noun is not None and start - noun.end() <= _NOUN_REACH  # not "Faster Convergence of X": a remedy
            and cues.comparative.search(t, max(seg, noun.start() - 12), noun.start()) is None) \
        or cues.title_studied_tail.match(t, end, seg_end) \
        or (seg == 0 and after is not None and cues.title_studied_tail.match(t, after.end()))
    # "On the Bias of Distributional Q-Learning" studies a variant, not Q-learning
    if analysis and not _qualified(title, seg, start, cues):
        return "studied"
    role, _ = _occurrence_role(t[seg:seg_end], start - seg, end - seg, cues)
    if role == "builds_on" or (role == "mentioned" and ((named and seg > 0) or proposes)):
        return "builds_on"
    return None
