"""The variants the engine knows, by id. Each module defines one `VARIANT`."""

from ..errors import HandError
from . import american, hongkong, shanghai, sichuan

VARIANTS = {module.VARIANT.id: module.VARIANT for module in (shanghai, hongkong, sichuan, american)}


def get_variant(name):
    if not isinstance(name, str) or name not in VARIANTS:  # a list or object is no id
        known = ", ".join(VARIANTS)
        raise HandError("unknown_variant", f"Unknown variant {name!r}; known variants: {known}.")
    return VARIANTS[name]
