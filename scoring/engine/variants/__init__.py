"""The variants the engine knows, by id. Each module defines one `VARIANT`."""

from collections.abc import Mapping
from importlib import import_module

from ..errors import HandError
from ..messages import gettext_noop

# Each id, in catalog order; the module of that name defines its VARIANT (`VARIANT.id` is the id).
MODULES = ("shanghai", "hongkong", "sichuan", "american", "riichi", "mcr")


class Registry(Mapping):
    """The variants by id, read like a dict. A variant's module is imported on first use, so that
    a door scoring Shanghai hands never pays for the American card parser at start-up."""

    def __init__(self, ids):
        self._modules = tuple(ids)
        self._loaded: dict[str, object] = {}  # cache: id -> its VARIANT, once imported

    def __getitem__(self, variant_id):
        found = self._loaded.get(variant_id)
        if found is None:
            if variant_id not in self._modules:
                raise KeyError(variant_id)
            found = self._loaded[variant_id] = import_module(f"{__name__}.{variant_id}").VARIANT
        return found

    def __contains__(self, variant_id):
        return variant_id in self._modules

    def __iter__(self):
        return iter(self._modules)

    def __len__(self):
        return len(self._modules)

    def __repr__(self):
        return f"Registry({list(self._modules)})"


VARIANTS = Registry(MODULES)


def get_variant(name):
    try:
        return VARIANTS[name]
    except (KeyError, TypeError):  # TypeError: a list or object, unhashable, is no id either
        known = ", ".join(VARIANTS)
        raise HandError("unknown_variant", gettext_noop(
            "Unknown variant {name}; known variants: {known}.", name=repr(name),
            known=known)) from None
