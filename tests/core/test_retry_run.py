"""A client's states as a log tells them: a run of retries for the same failure is told once."""

from app.core.backoff import retry_run

DOWN = "Telegram could not be reached (DNS: no such host); trying again in {} s"


def told(states: list[tuple[str, str]]) -> list[str]:
    run, out = "", []
    for state, why in states:
        run, tell = retry_run(run, state, why)
        if tell:
            out.append(f"{state}: {why}" if why else state)
    return out


def test_a_run_of_the_same_failure_is_told_once_with_its_first_try():
    states = [("connecting", "")]
    for delay in (1, 2, 4, 8, 16, 30):
        states += [("retrying", DOWN.format(delay)), ("connecting", "")]
    assert told(states) == ["connecting", f"retrying: {DOWN.format(1)}"]


def test_another_failure_reading_or_off_is_told_and_ends_the_run():
    other = "Telegram answered 502; trying again in 3 s"
    states = [("connecting", ""), ("retrying", DOWN.format(1)), ("connecting", ""), ("retrying", other),
              ("connecting", ""), ("reading", ""), ("retrying", DOWN.format(1)), ("connecting", ""),
              ("off", ""), ("connecting", "")]
    assert told(states) == ["connecting", f"retrying: {DOWN.format(1)}", f"retrying: {other}", "reading",
                            f"retrying: {DOWN.format(1)}", "off", "connecting"]
