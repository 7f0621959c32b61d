"""The variants the engine knows, by id. Each module defines one `VARIANT`."""

from collections.abc import Mapping
from importlib import import_module

from ..errors import HandError

# Each id, in catalog order, with the module defining its VARIANT (`VARIANT.id` is the id).
MODULES = (("shanghai", "shanghai"), ("hongkong", "hongkong"), ("sichuan", "sichuan"),
           ("american", "american"))


class Registry(Mapping):
    """The variants by id, read like a dict. A variant's module is imported on first use, so that
    a door scoring Shanghai hands never pays for the American card parser at start-up."""

    def __init__(self, modules):
        self._modules = dict(modules)

    def __getitem__(self, variant_id):
        module = import_module(f"{__name__}.{self._modules[variant_id]}")
        return module.VARIANT

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
    if not isinstance(name, str) or name not in VARIANTS:  # a list or object is no id
        known = ", ".join(VARIANTS)
        raise HandError("unknown_variant", f"Unknown variant {name!r}; known variants: {known}.")
    return VARIANTS[name]
