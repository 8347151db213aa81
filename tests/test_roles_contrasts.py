"""Roles in contrasts and compared objects, on invented sentences: "different from X", "contrary with X"
and "X, in contrast, ..." compare; a clause set against the main one by what X does ("..., where X
diverges", "while X is off by 14%") compares, one in background, about prior work or inside a proposal
does not; a participle or a use after a list of compared objects ("over SMC, VI and chains tuned with
X", "than uncertainty sampling with X") belongs to the compared object; what the method uses to win
("outperforms RAFT by refining ... with a Transformer") is its own part."""
import pytest

from extraction_helpers import role


@pytest.mark.parametrize("sentence, name, expected", [
    ("Different from BERT, our encoder reads the sequence right to left.", "BERT", "compared"),
    ("Differently to Mask R-CNN, the proposed detector needs no anchor boxes.", "Mask R-CNN", "compared"),
    ("Contrary with LSTM, our recurrent cell keeps a diagonal state.", "LSTM", "compared"),
    ("In contrast with WGAN, our critic is not weight-clipped.", "WGAN", "compared"),
    ("Our loss differs from focal loss in how it weights easy negatives.", "focal loss", "compared"),
    # the main clause after the opening is not reached by it
    ("Different from prior work, we train the policy with SAC and a learned reward.", "SAC", "builds_on"),
])
def test_contrast_variants(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # "X, in contrast, ...": the subject is set against what came before
    ("The Nelson-Aalen estimator, in contrast, is biased under heavy censoring.", "Nelson-Aalen estimator", "compared"),
    ("Spectral clustering, by contrast, needs the number of clusters in advance.", "Spectral clustering", "compared"),
    # not the subject: no contrast of it
    ("Our sampler, in contrast, never calls the Gibbs sampler.", "Gibbs sampler", "mentioned"),
    # a measured change of an estimator's figure
    ("It lowers the variance of the Kaplan-Meier estimator by 30%.", "Kaplan-Meier", "compared"),
])
def test_contrast_subject_and_estimator_change(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("The learned controller keeps the quadrotor airborne in gusty wind, where LQR crashes within seconds and MPC diverges.", "MPC", "compared"),
    ("Our sampler mixes across all modes of the posterior, where HMC collapses onto one.", "HMC", "compared"),
    ("The tuned model answers 41 of the 50 puzzles, while BFS and A* solve 12 and 19 respectively.", "BFS", "compared"),
    ("The tuned model answers 41 of the 50 puzzles, while BFS and A* solve 12 and 19 respectively.", "A*", "compared"),
    ("The interval covers the true effect on the survey data, while the Horvitz-Thompson estimator is off by 14%.",
     "Horvitz-Thompson estimator", "compared"),
    ("Our kernel test keeps its power at high dimension, while the standard MMD test with a Gaussian kernel fails.",
     "MMD test", "compared"),
    # no main clause before the contrast, or other people's work, or a proposal: no comparison
    ("In graphs where Louvain fails, community structure is weak.", "Louvain", "mentioned"),
    ("Prior solvers are accurate on small grids, while multigrid diverges on irregular meshes.", "multigrid", "mentioned"),
    ("We introduce a hybrid planner for mazes where A* fails to terminate in time.", "A*", "mentioned"),
    # what the clause says of the mention is no failure or figure
    ("The model is trained end to end, while Adam is used for the encoder.", "Adam", "mentioned"),
])
def test_contrast_clause(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # a participle after a list of compared objects describes the last of them
    ("The sampler improves the effective sample size over SMC, VI and chains tuned with NUTS on every model.", "NUTS", "compared"),
    ("Our recommender beats matrix factorization and two-tower models fine-tuned with LoRA on all splits.", "LoRA", "compared"),
    ("The probe matches full fine-tuning with LoRA on four of six tasks.", "LoRA", "compared"),
    # ... not a second verb of the paper's method
    ("Our model outperforms the baselines and is trained with Adam.", "Adam", "builds_on"),
    # a use that reaches across "than" belongs to the compared object
    ("The agent finds more solutions than random search and than planning with MCTS.", "MCTS", "compared"),
    ("The high-level policy plans over subgoals with the cross-entropy method.", "cross-entropy method", "builds_on"),
    # "within 0.3 of X", "within 0.4% accuracy of X"
    ("Perplexity on the held-out books stays within 0.3 of a dense Transformer.", "Transformer", "compared"),
    ("The sketch is within 2% recall of exact k-NN search at a tenth of the memory.", "k-NN", "compared"),
])
def test_compared_object(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    ("FooAL needs three times fewer labels than uncertainty sampling with deep ensembles.", "deep ensembles", "compared"),
    ("BarQ improves accuracy by 2 points over magnitude pruning followed by LoRA.", "LoRA", "compared"),
    # the paper's own use, with no comparison before it, stays builds_on
    ("FooAL selects points by uncertainty sampling with deep ensembles.", "deep ensembles", "builds_on"),
])
def test_compared_object_with(sentence, name, expected):
    assert role(sentence, name) == expected


@pytest.mark.parametrize("sentence, name, expected", [
    # what the method uses to win is its own part, not a baseline
    ("We propose FooFlow, which outperforms RAFT by refining the cost volume with a small Transformer.", "Transformer", "builds_on"),
    ("We propose BarGen, which surpasses StyleGAN2 by matching the moments of a Gaussian mixture model.", "Gaussian mixture model", "builds_on"),
    # the baseline itself stays compared
    ("We propose FooFlow, which outperforms RAFT by refining the cost volume with a small Transformer.", "RAFT", "compared"),
    # no gerund of means: the comparison still reaches the list
    ("FooFlow outperforms RAFT by 12% and GMFlow by 8% on Sintel.", "GMFlow", "compared"),
])
def test_means_of_the_win(sentence, name, expected):
    assert role(sentence, name) == expected
