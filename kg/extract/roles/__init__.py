"""The role an algorithm plays in a paper: builds_on, compared, studied or mentioned.

The algorithm is a set of pure functions over the folded sentence, one job per module:

- ``occurrence``: the role of one mention (the cue nearest before it decides) and of the paper;
- ``lists``: the coordinated list a mention closes or opens, which a cue reaches as a whole;
- ``openings``: sentence openings that decide alone ("Compared with X, ...", "Following X, ...");
- ``proposal``: the clause and sentences that describe the paper's own method;
- ``guards``: constructions that cancel or redirect the nearest cue ("compare X with Y"), and what a
  study is about where no cue says so ("an evaluation of X", "We analyze the optimizer");
- ``title``: what the title says of an algorithm it names;
- ``subject``: an opening sentence whose subject is the algorithm and which states its limitation, and
  the subject of a later sentence.

>>> from kg.extract.cues import load_cues
>>> c = load_cues()
>>> s = "Our method outperforms PPO and is based on MuZero."
>>> occurrence_role(s, s.index("PPO"), s.index("PPO") + 3, c)[0], occurrence_role(s, s.index("MuZero"), s.index("MuZero") + 6, c)[0]
('compared', 'builds_on')
"""
from kg.extract.roles.guards import referred_back, study_object, without_description
from kg.extract.roles.occurrence import occurrence_role, paper_role
from kg.extract.roles.proposal import describes_proposal
from kg.extract.roles.subject import leading_subject, limited_subject
from kg.extract.roles.title import TITLE_REACH, title_role, title_sets_apart, title_span, title_states

__all__ = ["TITLE_REACH", "describes_proposal", "leading_subject", "limited_subject", "occurrence_role", "paper_role", "referred_back", "study_object", "title_role", "title_sets_apart", "title_span",
           "title_states", "without_description"]
