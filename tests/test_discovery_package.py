"""kg.extract.discovery: one rule family a module, combined into one discovery class."""
import inspect
from importlib import resources

from kg.extract.discovery import _Discovery, lists, text


def test_rule_families_share_no_method():
    """Each rule family's mixin defines its own methods: none hides another's along the MRO."""
    seen: dict[str, str] = {}
    for base in _Discovery.__mro__[1:-1]:
        for name, value in vars(base).items():
            if inspect.isfunction(value):
                assert name not in seen, (name, base.__name__, seen.get(name))
                seen[name] = base.__name__


def test_modules_stay_small():
    """One rule family a module, none over ~450 lines."""
    for f in (resources.files("kg") / "extract" / "discovery").iterdir():
        if f.name.endswith(".py"):
            assert f.read_text(encoding="utf-8").count("\n") <= 450, f.name
