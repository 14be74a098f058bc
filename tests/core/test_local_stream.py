"""The built-in model's call read as it is written: the arguments handed on piece by piece once released, the
object's closing brace never among them, nothing at all before release."""

import json

import pytest

from app.core.local_stream import CallPieces, message_so_far

ANSWER = '{"tool": "speak", "arguments": {"message": "Hey chat, the castle goes \\"on\\" the hill!", "mood": "happy"}}'


def pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), size)]


@pytest.mark.parametrize("size", [1, 2, 3, 7, 200])
def test_released_at_once_the_pieces_make_the_arguments_exactly(size):
    call = CallPieces(lambda _message: True)
    handed = [call.feed(p) for p in pieces(ANSWER, size)]
    handed.append(call.close())
    assert call.name == "speak" and call.released
    assert json.loads("".join(handed)) == {"message": 'Hey chat, the castle goes "on" the hill!', "mood": "happy"}
    if size < 10:
        assert sum(1 for h in handed if h) > 3           # handed on while the model writes, not all at the end


def test_held_until_release_says_yes_then_everything_so_far_at_once():
    seen = []

    def release(message: str) -> bool:
        seen.append(message)
        return len(message.split()) >= 3

    call = CallPieces(release)
    handed = [call.feed(p) for p in pieces(ANSWER, 4)]
    first = next(i for i, h in enumerate(handed) if h)
    assert all(not h for h in handed[:first]) and handed[first] == '{"message": "Hey chat, th'
    assert seen[-1] == "Hey chat, th" and all(len(m.split()) < 3 for m in seen[:-1])   # not asked again once released
    assert json.loads("".join(handed) + call.close())["mood"] == "happy"


def test_never_released_nothing_is_handed_on_even_at_the_end():
    call = CallPieces(lambda _message: False)
    assert [call.feed(p) for p in pieces(ANSWER, 5)] == [""] * len(pieces(ANSWER, 5))
    assert call.close() == "" and not call.released and call.name == "speak"


def test_the_message_so_far_decodes_escapes_and_leaves_out_a_half_written_one():
    assert message_so_far('{"message": "a \\"b\\" c') == 'a "b" c'
    assert message_so_far('{"message": "caff\\u00e8 e ') == "caffè e "
    assert message_so_far('{"message": "caff\\u00') == "caff"
    assert message_so_far('{"message": "line\\') == "line"
    assert message_so_far('{"mood": "happy"') == ""


def test_abandoned_nothing_is_handed_on_and_release_is_not_asked_again():
    released: list[str] = []

    def release(message: str) -> bool:
        released.append(message)
        return len(message.split()) >= 4         # would say it from the fourth word

    call = CallPieces(release, lambda message: len(message.split()) >= 2)   # given up at the second
    handed = [call.feed(p) for p in pieces(ANSWER, 4)]
    assert call.abandoned and not call.released and handed == [""] * len(handed) and call.close() == ""
    assert all(len(m.split()) < 2 for m in released)             # asked only while the beginning was undecided
