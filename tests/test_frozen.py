"""Frozen: the engine's small immutable values (scoring/engine/frozen.py)."""

import pytest

from scoring.engine.frozen import Frozen, FrozenError, replace


class Point(Frozen):
    x: int
    y: int
    label: str = ""
    tags: tuple = ()


class Counter(Frozen):
    """A value whose __post_init__ adds a derived attribute, as Pattern and TileSet do."""

    n: int

    def __post_init__(self):
        object.__setattr__(self, "double", self.n * 2)


def test_fields_are_the_annotations_in_order_with_their_defaults():
    assert Point._fields == ("x", "y", "label", "tags")
    assert Point._defaults == {"label": "", "tags": ()}


@pytest.mark.parametrize("made", [
    Point(1, 2, "a", ("t",)),
    Point(1, 2, label="a", tags=("t",)),
    Point(x=1, y=2, label="a", tags=("t",)),
    Point(1, y=2, tags=("t",), label="a"),
], ids=["by-position", "mixed", "by-name", "any-order"])
def test_a_value_is_made_by_position_or_by_name(made):
    assert (made.x, made.y, made.label, made.tags) == (1, 2, "a", ("t",))


def test_defaults_fill_the_fields_not_given():
    point = Point(1, 2)
    assert (point.label, point.tags) == ("", ())


@pytest.mark.parametrize("args, kwargs, message", [
    ((1,), {}, "missing y"),
    ((1, 2, "a", (), "extra"), {}, "at most 4 values, 5 given"),
    ((1, 2), {"z": 3}, "unexpected or repeated field 'z'"),
    ((1, 2), {"x": 3}, "unexpected or repeated field 'x'"),
], ids=["missing", "too-many", "unknown", "repeated"])
def test_a_wrong_call_is_a_type_error_naming_the_field(args, kwargs, message):
    with pytest.raises(TypeError, match=message):
        Point(*args, **kwargs)


def test_a_value_refuses_assignment_and_deletion():
    point = Point(1, 2)
    with pytest.raises(FrozenError):
        point.x = 3
    with pytest.raises(FrozenError):
        del point.y
    assert isinstance(FrozenError("x"), AttributeError)  # as dataclasses' FrozenInstanceError
    assert point.x == 1


def test_values_compare_and_hash_by_class_and_fields():
    assert Point(1, 2) == Point(1, 2, "", ())
    assert hash(Point(1, 2)) == hash(Point(1, 2))
    assert Point(1, 2) != Point(2, 1)
    assert len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2

    class Other(Point):
        pass

    assert Point(1, 2) != Other(1, 2)  # another class, the same fields


def test_repr_shows_every_field():
    assert repr(Point(1, 2, "a")) == "Point(x=1, y=2, label='a', tags=())"


def test_post_init_runs_after_the_fields_are_set():
    assert Counter(4).double == 8
    assert Counter(n=5).double == 10


def test_replace_makes_a_copy_with_some_fields_changed():
    point = Point(1, 2, "a")
    moved = replace(point, y=5)
    assert moved == Point(1, 5, "a") and point == Point(1, 2, "a")
    assert replace(Counter(1), n=3).double == 6  # through __init__, so __post_init__ runs


def test_a_subclass_adds_its_fields_after_its_parents():
    class Point3(Point):
        z: int = 0

    assert Point3._fields == ("x", "y", "label", "tags", "z")
    assert Point3(1, 2, z=3).z == 3


def test_a_field_without_default_after_one_with_is_refused():
    with pytest.raises(TypeError, match="'b' without a default follows one with a default"):
        class Bad(Frozen):
            a: int = 0
            b: int
