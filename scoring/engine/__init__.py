"""The scoring engine: pure Python, no Django (a test walks these imports to keep it so)."""

# The submodule `analyse` is imported first: importing a submodule binds its name on the package,
# so a first import of it later (the variants import it) would put it over the function below.
from . import analyse as _analyse  # noqa: F401
from .api import analyse, catalog, score, settle

__all__ = ["analyse", "catalog", "score", "settle"]
