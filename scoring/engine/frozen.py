"""Small immutable values, as frozen dataclasses are, without the dataclasses module.

`manage.py score` is one process per batch of requests, and its start counts against every hand
of the batch. Importing `dataclasses` (it imports inspect, ast, dis and tokenize) took ~19 ms and
making each frozen dataclass (it compiles half a dozen methods) ~2 ms: about 35 ms of a 95 ms start.

A Frozen subclass names its fields as annotations, in order, with defaults as class attributes of
the same names, like a frozen dataclass. Instances are made by position or by name, compare equal
and hash by their fields (and class), show their fields in repr and refuse assignment;
`__post_init__`, when a class defines one, runs after the fields are set. Values made per hand
(Hand, Evaluation) fill their `__dict__` in their own `__init__`, as they did as dataclasses.
"""


class FrozenError(AttributeError):
    """Assigning to (or deleting) a field of a frozen value."""


class Frozen:
    _fields: tuple[str, ...] = ()
    _defaults: dict = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        own = [name for name in cls.__dict__.get("__annotations__", {}) if name not in cls._fields]
        cls._fields = cls._fields + tuple(own)
        cls._defaults = {**cls._defaults,
                         **{name: cls.__dict__[name] for name in own if name in cls.__dict__}}
        # A default given after a field without one would make positional calls ambiguous.
        seen_default = False
        for name in cls._fields:
            if name in cls._defaults:
                seen_default = True
            elif seen_default:
                raise TypeError(f"{cls.__name__}: field {name!r} without a default follows one "
                                "with a default")

    def __init__(self, *args, **kwargs):
        fields = self._fields
        name = type(self).__name__
        if len(args) > len(fields):
            raise TypeError(f"{name} takes at most {len(fields)} values, {len(args)} given")
        values = dict(self._defaults)
        values.update(zip(fields, args, strict=False))  # the fields after args: by name or default
        for key in kwargs:
            if key not in fields or fields.index(key) < len(args):
                raise TypeError(f"{name}: unexpected or repeated field {key!r}")
        values.update(kwargs)
        if len(values) < len(fields):
            missing = [field for field in fields if field not in values]
            raise TypeError(f"{name}: missing {', '.join(missing)}")
        self.__dict__.update(values)
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def _values(self) -> tuple:
        state = self.__dict__
        return tuple([state[field] for field in self._fields])

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self):
        return hash(self._values())

    def __repr__(self):
        shown = ", ".join(f"{field}={self.__dict__[field]!r}" for field in self._fields)
        return f"{type(self).__name__}({shown})"

    def __setattr__(self, name, value):
        raise FrozenError(f"cannot assign to field {name!r} of a frozen {type(self).__name__}")

    def __delattr__(self, name):
        raise FrozenError(f"cannot delete field {name!r} of a frozen {type(self).__name__}")


def replace(value: Frozen, **changes) -> Frozen:
    """A copy of `value` with some fields changed (dataclasses.replace for Frozen values)."""
    return type(value)(**{**{field: value.__dict__[field] for field in value._fields}, **changes})
