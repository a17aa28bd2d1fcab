"""The contract's records made without their ``__init__`` (runtime/interpreter/record_makers.py) are the
records their constructors make: same fields, equality, hash, repr, pickling and immutability."""

import dataclasses
import pickle

import pytest

from runtime.core.protocol import Move, PartDetails, Signature
from runtime.interpreter.record_makers import record_maker


@pytest.mark.parametrize("cls, values", [
    (Move, (("Pawn e2 - e4",), object(), (PartDetails(),))),
    (Signature, ("White", frozenset({("e4", "White", "Pawn")}), frozenset({("White", "Pawn", 2)}),
                 frozenset({("unmoved", "e1")}))),
])
def test_a_record_made_without_init_is_the_constructors(cls, values):
    names = tuple(f.name for f in dataclasses.fields(cls))
    make = record_maker(cls, names)
    assert make is not cls  # the contract's records qualify
    made, built = make(*values), cls(*values)
    assert type(made) is cls
    assert vars(made) == vars(built)
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, names[0], values[0])
    if cls is Signature:
        assert pickle.loads(pickle.dumps(made)) == built


def test_a_class_the_maker_cannot_fill_gets_its_own_constructor():
    @dataclasses.dataclass(frozen=True)
    class Checked:
        a: int
        b: int
        c: int

        def __post_init__(self):
            if self.a < 0:
                raise ValueError(self.a)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        a: int
        b: int
        c: int

    @dataclasses.dataclass(frozen=True)
    class Defaulted:
        a: int
        b: int
        c: list = dataclasses.field(default_factory=list)

    assert record_maker(Checked, ("a", "b", "c")) is Checked
    assert record_maker(Slotted, ("a", "b", "c")) is Slotted
    assert record_maker(Defaulted, ("a", "b", "c")) is Defaulted
    assert record_maker(Move, ("parts", "described", "data")) is Move  # the fields in another order
    assert record_maker(int, ("a", "b", "c")) is int
