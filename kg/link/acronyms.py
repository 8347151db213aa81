"""Is a short name written with the long form of another concept than the one the lexicon knows?

Papers reuse acronyms: "Contrastive Q-Learning (CQL)" is not Conservative Q-Learning and
"Group Robust Policy Optimization (GRPO)" is not Group Relative Policy Optimization, though
the two long forms share most of their words. When both long forms give one word to each
letter of the short name, the words under the same letter are compared: two long forms
that spell the name with a different word for one letter name two concepts.

>>> names_another("CQL", "Contrastive Q-Learning", ("CQL", "Conservative Q-Learning"))
True
>>> names_another("PPO", "Proximal Policy Optimisation", ("PPO", "Proximal Policy Optimization"))
False
"""
from __future__ import annotations

from kg.link.lexicon import _WORDS, Lexicon
from kg.datafiles import load_word_lists
from kg.text import norm_key

_W = load_word_lists("word_lists")  # the word lists of kg/data/patterns/word_lists.json, by name
_STEM = 5  #: letters of a word compared: "estimator" and "estimation" are one word


def letters(short: str) -> str:
    """The letters a long form must give one word each: ``short`` in lower case without an
    acronym's plural "s" ("DQNs" -> "dqn").

    >>> letters("DQNs"), letters("GRPO"), letters("ViT")
    ('dqn', 'grpo', 'vit')
    """
    s = "".join(c for c in short if c.isalnum())
    if len(s) > 2 and s.endswith("s") and s[-2].isupper():
        s = s[:-1]
    return s.lower()


def aligned_words(long: str, short: str) -> list[str] | None:
    """The stems of the content words of ``long``, one per letter of ``short``, when the
    words' initials are exactly its letters; else None.

    >>> aligned_words("Group Relative Policy Optimisation", "GRPO")
    ['group', 'relat', 'polic', 'optim']
    >>> aligned_words("Low-Rank Adaptation", "LoRA") is None
    True
    """
    want = letters(short)
    words = [w for w in _WORDS.findall(long) if w.lower() not in _W.long_form_fillers]
    if len(words) != len(want) or any(w[0].lower() != c for w, c in zip(words, want)):
        return None
    return [norm_key(w)[:_STEM] or w.lower() for w in words]


def _same_word(a: str, b: str) -> bool:
    """One word, allowing a shortened spelling ("Net" for "Network")."""
    return a.startswith(b) or b.startswith(a)


def names_another(short: str, long: str, known: tuple[str, ...]) -> bool:
    """Does ``long``, written by a paper as the expansion of ``short``, name another concept
    than the one whose surface forms are ``known``?

    True when ``long`` gives one word to each letter of ``short``, at least one long form in
    ``known`` does too, and every such form has another word under some letter. Long forms
    that do not spell the short name word by word ("Deep Q-learning" for DQN) say nothing.

    >>> names_another("GRPO", "Group Robust Policy Optimization", ("Group Relative Policy Optimization",))
    True
    >>> names_another("DQN", "Deep Q-Net", ("Deep Q-Network",)), names_another("DQN", "Deep Q-learning", ("Deep Q-Network",))
    (False, False)
    """
    own = aligned_words(long, short)
    if own is None:
        return False
    forms = [w for w in (aligned_words(f, short) for f in known if len(f) > len(short)) if w is not None]
    return bool(forms) and all(any(not _same_word(a, b) for a, b in zip(own, f)) for f in forms)


def _expansion(word: str, lexicon: Lexicon | None) -> list[str] | None:
    """The stems of the long form of a known acronym written inside a long form ("PPO" in
    "Adaptive-Ratio PPO"), when the lexicon has one that spells it word by word."""
    if lexicon is None or sum(c.isupper() for c in word) < 2:
        return None
    entry = lexicon.lookup(word)
    if entry is None:
        return None
    for form in entry.forms:
        words = aligned_words(form, word) if len(form) > len(word) else None
        if words is not None:
            return words
    return None


def sense_words(long: str, lexicon: Lexicon | None) -> frozenset[str]:
    """The stems of the content words of a long form, known acronyms in it written out and a
    generic last word ("method") left out: two long forms of one short name with the same
    stems name one concept, however they are written.

    >>> from kg.link.lexicon import LexiconEntry
    >>> lex = Lexicon.from_entries([LexiconEntry("ppo", "PPO", "algorithm", ("Proximal Policy Optimization",))])
    >>> sense_words("Adaptive-Ratio PPO", lex) == sense_words("adaptive ratio proximal policy optimisation method", lex)
    True
    """
    words = [w for w in _WORDS.findall(long) if w.lower() not in _W.long_form_fillers]
    if len(words) > 1 and words[-1].lower() in _W.generic_heads:
        words = words[:-1]
    out: set[str] = set()
    for w in words:
        out.update(_expansion(w, lexicon) or (norm_key(w)[:_STEM] or w.lower(),))
    return frozenset(out)
