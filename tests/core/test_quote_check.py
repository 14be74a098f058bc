"""The quote check as tables: real, paraphrased, invented and contradicted quotes in English and Italian."""

import pytest

from app.core.person_model import PersonModelError
from app.core.quote_check import (
    InventedQuote,
    QuoteError,
    check_quote,
    normalise,
    stem,
    weigh_observation,
    words,
)

# What streamers actually wrote to the Getting to Know You agent, and what an agent might quote back.
EN_NIGHT = "yeah so I stream mostly at night, like 10pm to 2am, because my day job is at a bakery"
EN_HORROR = ("Honestly I don't play horror games anymore, they give me nightmares. "
             "Cozy stuff is more my thing now")
EN_LEEDS = ("nah I'm not moving to Berlin, I'm staying in Leeds with my girlfriend. "
            "we got a flat together in March")
EN_SUNDAY = "I never stream on Sundays, that's family day. Saturdays I go 6 hours straight"
EN_CAT = "my cat's called Miso, she's a ginger and she's always on stream with me lol"
IT_TORINO = ("Allora, abito a Torino da due anni ma sono di Napoli. Lavoro in un negozio di dischi, "
             "quindi streamo solo la sera.")
IT_HORROR = "No, non gioco più agli horror, mi mettono ansia. Adesso faccio solo giochi cozy tipo Stardew"
IT_GATTO = "Il mio gatto si chiama Miso, è rosso e sta sempre in live con me"
IT_CAFFE = "Il caffè non mi piace, bevo solo tè verde. Però la mattina una brioche ci sta sempre"

REAL = [  # their words, case and punctuation aside
    ("I stream mostly at night", EN_NIGHT),
    ("MY DAY JOB IS AT A BAKERY!!", EN_NIGHT),
    ("I don't play horror games anymore.", EN_HORROR),
    ("I do not play horror games", EN_HORROR),            # contractions do not matter
    ("I'm staying in Leeds", EN_LEEDS),
    ("i never stream on sundays", EN_SUNDAY),
    ("“My cat’s called Miso”", EN_CAT),
    ("abito a Torino da due anni", IT_TORINO),
    ("LAVORO IN UN NEGOZIO DI DISCHI", IT_TORINO),
    ("Non gioco più agli horror!", IT_HORROR),
    ("il mio gatto si chiama miso", IT_GATTO),
    ("Il caffè non mi piace", IT_CAFFE),
    ("Il caffe non mi piace", IT_CAFFE),               # accents do not matter either
]
PARAPHRASED = [
    ("I usually stream at night", EN_NIGHT),
    ("Streams at night, 10pm to 2am", EN_NIGHT),
    ("I work at a bakery during the day", EN_NIGHT),     # one new word in three
    ("They no longer play horror games", EN_HORROR),
    ("Horror games give them nightmares", EN_HORROR),
    ("Cozy games are more their thing now", EN_HORROR),
    ("I live in Leeds with my girlfriend", EN_LEEDS),
    ("We moved in together in March", EN_LEEDS),
    ("Doesn't stream on Sunday: it's family day", EN_SUNDAY),
    ("On Saturdays they stream for six hours", EN_SUNDAY),
    ("Miso the ginger cat is always on stream", EN_CAT),
    ("Vive a Torino da 2 anni", IT_TORINO),
    ("È di Napoli", IT_TORINO),
    ("Lavora in un negozio di dischi", IT_TORINO),
    ("Fa stream solo la sera", IT_TORINO),
    ("Abita a Torino, ma è nata a Napoli", IT_TORINO),
    ("non gioca agli horror", IT_HORROR),
    ("Gli horror le mettono ansia", IT_HORROR),
    ("Fa solo giochi cozy come Stardew", IT_HORROR),
    ("Ha un gatto rosso che si chiama Miso", IT_GATTO),
    ("Beve solo tè verde", IT_CAFFE),
    ("Non le piace il caffè", IT_CAFFE),
]
INVENTED = [  # a sentence nobody said
    ("I stream in the mornings", EN_NIGHT),
    ("I'm a nurse", EN_NIGHT),
    ("My favourite game is Elden Ring", EN_NIGHT),
    ("I stream from 10pm to 3am", EN_NIGHT),             # a number is never paraphrased
    ("I play a lot of Minecraft", EN_HORROR),
    ("I live in Manchester", EN_LEEDS),
    ("We got a flat together in May", EN_LEEDS),          # nor is a name
    ("On Saturdays I stream for 8 hours", EN_SUNDAY),
    ("My cat is called Pixel", EN_CAT),
    ("I have two dogs", EN_CAT),
    ("Abito a Milano", IT_TORINO),
    ("Lavoro in un bar", IT_TORINO),
    ("Abito a Torino da cinque anni", IT_TORINO),
    ("Gioco soprattutto a Minecraft", IT_HORROR),
    ("Adoro gli horror", IT_HORROR),
    ("Il gatto si chiama Pepe", IT_GATTO),
    ("Non ho animali", IT_GATTO),
    ("Bevo tre caffè al giorno", IT_CAFFE),
    ("I live in Oak Park", ""),                          # nothing was said at all
]
CONTRADICTED = [  # their words, with the negation flipped
    ("I play horror games", EN_HORROR),
    ("I love horror games", EN_HORROR),
    ("I'm moving to Berlin", EN_LEEDS),
    ("I stream on Sundays", EN_SUNDAY),
    ("Gioco agli horror", IT_HORROR),
    ("Mi piace il caffè", IT_CAFFE),
    ("Non beve tè verde", IT_CAFFE),
]


@pytest.mark.parametrize("quote,said", REAL)
def test_real_quotes_pass_verbatim(quote, said):
    verdict = check_quote(quote, said)
    assert verdict.passed and verdict.kind == "verbatim", verdict


@pytest.mark.parametrize("quote,said", PARAPHRASED)
def test_light_paraphrases_pass(quote, said):
    verdict = check_quote(quote, said)
    assert verdict.passed and verdict.kind == "paraphrase", verdict


@pytest.mark.parametrize("quote,said", INVENTED)
def test_invented_quotes_are_refused(quote, said):
    verdict = check_quote(quote, said)
    assert not verdict.passed and verdict.kind == "invented", verdict
    assert verdict.reason.startswith("they never said")


@pytest.mark.parametrize("quote,said", CONTRADICTED)
def test_contradicted_quotes_are_refused(quote, said):
    verdict = check_quote(quote, said)
    assert not verdict.passed and verdict.kind == "contradicted", verdict
    assert verdict.reason.startswith("they said the opposite about")


def test_the_tables_cover_both_languages():
    italian = {IT_TORINO, IT_HORROR, IT_GATTO, IT_CAFFE}
    for table in (REAL, PARAPHRASED, INVENTED, CONTRADICTED):
        saids = {said for _, said in table}
        assert saids & italian and saids - italian


# --- the definition, rule by rule ------------------------------------------------------------------------

@pytest.mark.parametrize("quote,passed", [
    # "I stream on Tuesday nights at the studio": four content stems, three are needed
    ("stream Tuesday nights studio", True),
    ("stream Tuesday nights basement", True),       # 3 of 4
    ("stream Tuesday mornings basement", False),    # 2 of 4
    ("stream Tuesday", True),                       # 2 of 2
    ("stream mornings", False),                     # 1 of 2
    ("nights studio dancing", True),                # 2 of 3
    ("nights dancing cooking", False),              # 1 of 3
])
def test_two_thirds_of_the_content_words_must_be_real(quote, passed):
    assert check_quote(quote, "I stream on Tuesday nights at the studio").passed is passed


def test_found_and_missing_name_the_words():
    verdict = check_quote("I usually stream at night from the basement", EN_NIGHT)
    assert verdict.found == ("stream", "night") and verdict.missing == ("basement",)
    assert verdict.passed


def test_order_does_not_matter():
    assert check_quote("At night I stream, mostly", EN_NIGHT).passed
    assert check_quote("A Torino abito da due anni", IT_TORINO).passed


@pytest.mark.parametrize("quote,said,passed", [
    ("I live in Turin", "I don't live in Milan anymore, I moved to Turin", True),
    ("I live in Milan", "I don't live in Milan anymore, I moved to Turin", False),
    ("I don't live in Milan", "I don't live in Milan anymore, I moved to Turin", True),
    ("I like mornings", "I don't like mornings, I like evenings", False),
    ("I like evenings", "I don't like mornings, I like evenings", True),
    ("I like mornings and evenings", "I don't like mornings, I like evenings", False),
    ("I like mornings", "Mornings I don't like", False),
    ("I live in Oak Park", "I'm not sure but I live in Oak Park", True),          # "but" ends the clause
    ("I live in Oak Park", "no i live in oak park lol", True),                  # "no" as an interjection
    ("I live in Oak Park", "No, I live in Oak Park", True),
    ("I have pets", "I have no pets", False),                                   # "no" as a negator
    ("I never drink coffee", "I dont drink coffee", True),                      # casual spelling negates
    ("I drink coffee", "I dont drink coffee", False),
    ("Non bevo mai caffè", "Non bevo caffè", True),
    ("Bevo caffè", "Non bevo caffè, ma bevo tè", False),
    ("Bevo tè", "Non bevo caffè, ma bevo tè", True),                           # "ma" ends the clause
    ("Ne bevo tanto", "Ne bevo tanto", True),                                   # "ne" is not "né"
    ("Non mi piace il caffè", "Il caffè non mi piace", True),       # a topic before the negation: either
    ("Mi piace il caffè", "Il caffè non mi piace", False),
    ("I live in Oak Park", "I live in Oak Park not Milan", True),
    ("I live in Milan", "I live in Oak Park not Milan", False),
    ("My sister streams", "My sister doesn't stream", False),
    ("Bevo tè", "te lo dico: bevo caffè", False),                              # "tè" is tea, "te" is you
])
def test_negation_must_agree(quote, said, passed):
    assert check_quote(quote, said).passed is passed


@pytest.mark.parametrize("quote,said,passed", [
    ("I stream 5 days a week", "I stream 3 days a week", False),
    ("I stream five days a week", "I stream 5 days a week", True),             # number words are numbers
    ("Streamo cinque giorni a settimana", "streamo 5 giorni a settimana", True),
    ("I leave at 8:10", "i usually leave at 8.10", True),
    ("I leave at 8:40", "i usually leave at 8.10", False),
    ("My sister Giulia moderates the chat", "my sister moderates the chat", False),  # a name nobody said
    ("My sister moderates the chat", "my sister Giulia moderates the chat", True),
    ("Giulia moderates the chat", "my sister giulia moderates the chat", True),  # names are compared folded
])
def test_names_and_numbers_are_never_paraphrased(quote, said, passed):
    assert check_quote(quote, said).passed is passed


@pytest.mark.parametrize("quote,said,passed", [
    ("yes", "Yes!", True),
    ("Sì", "si si", True),
    ("not me", "honestly not me", True),
    ("yes", "no", False),
    ("no", "yes of course", False),
    ("yes, I live in Oak Park", "yes", False),      # the content words carry the claim
])
def test_quotes_without_content_words_must_be_said_together(quote, said, passed):
    assert check_quote(quote, said).passed is passed


@pytest.mark.parametrize("quote", ["", "   ", "?!...", "—"])
def test_an_empty_quote_never_passes(quote):
    verdict = check_quote(quote, "anything at all")
    assert not verdict.passed and verdict.kind == "empty"


def test_a_single_swapped_common_word_is_beyond_a_word_check():
    """The documented limit: one new word in three passes, whatever it means; names and numbers do not."""
    assert check_quote("My dog is called Miso", EN_CAT).passed
    assert check_quote("Il mio cane si chiama Miso", IT_GATTO).passed
    assert not check_quote("My cat is called Mochi", EN_CAT).passed


# --- normalising and stemming ----------------------------------------------------------------------------

@pytest.mark.parametrize("text,normal", [
    ("I DON'T", "i do not"), ("can’t", "can not"), ("won't", "will not"), ("I'm", "i am"),
    ("they're", "they are"), ("we've", "we have"), ("I'll", "i will"), ("I'd", "i would"),
    ("Miso's", "miso"), ("l'ufficio", "l ufficio"), ("dell’anno", "dell anno"), ("un po'", "un po "),
    ("8:10", "810"), ("6,5 ore", "65 ore"),
])
def test_normalise(text, normal):
    assert normalise(text) == normal


@pytest.mark.parametrize("group", [
    ["live", "lives", "living", "lived"],
    ["stream", "streams", "streaming", "streamed", "streamer"],
    ["study", "studies", "studied", "studying"],
    ["stop", "stops", "stopped", "stopping"],
    ["prefer", "prefers", "preferred"],
    ["morning", "mornings"],
    ["game", "games", "gaming"],
    ["tuesday", "tuesdays"],
    ["abito", "abita", "abitare", "abitiamo", "abitato", "abitando"],
    ["lavoro", "lavora", "lavorare", "lavoriamo", "lavorato"],
    ["gioco", "giochi", "giocare", "giochiamo"],
    ["amica", "amiche", "amici", "amico"],
    ["disco", "dischi"],
    ["città", "citta"],
    ["anno", "anni"],
    ["nine", "9"], ["nove", "9"],
])
def test_inflections_share_a_stem(group):
    assert len({stem(w) for w in group}) == 1, {w: stem(w) for w in group}


@pytest.mark.parametrize("a,b", [("live", "love"), ("cat", "cut"), ("stream", "dream"), ("casa", "cosa"),
                                 ("milano", "torino")])
def test_different_words_keep_different_stems(a, b):
    assert stem(a) != stem(b)


def test_words_marks_negation_and_clauses():
    found = words("I don't like mornings, but evenings are great")
    content = [(w.surface, w.negated, w.clause) for w in found if w.stem]
    assert content == [("like", True, 0), ("mornings", True, 0), ("evenings", False, 2), ("great", False, 2)]


# --- the certainty rule ----------------------------------------------------------------------------------

def test_a_real_quote_is_recorded_as_certain_with_the_words_kept():
    w = weigh_observation(0.4, "  I live in  Oak Park ", "yeah I'm living in Oak Park with my partner")
    assert (w.confidence, w.quote, w.certain) == (1.0, "I live in Oak Park", True)
    assert "certain" in w.message and "I live in Oak Park" in w.message


def test_an_italian_quote_is_recorded_as_certain():
    w = weigh_observation(None, "Abito a Torino", IT_TORINO)
    assert w.certain and w.confidence == 1.0 and w.quote == "Abito a Torino"


@pytest.mark.parametrize("quote,said", [
    ("I live in Oak Park", "where do you live? I'd rather not say"),
    ("I live in Oak Park", None),
    ("I play horror games", EN_HORROR),
    ("Abito a Milano", IT_TORINO),
])
def test_an_invented_quote_refuses_the_write(quote, said):
    with pytest.raises(InventedQuote, match="They did not say that") as caught:
        weigh_observation(1.0, quote, said)
    assert isinstance(caught.value, QuoteError) and isinstance(caught.value, ValueError)
    assert not caught.value.verdict.passed
    assert "Nothing was recorded" in str(caught.value)


@pytest.mark.parametrize("confidence,stored,guess", [
    (1.0, 0.6, True),     # certainty claimed without a quote is kept as a guess
    (1, 0.6, True),
    (3.0, 0.6, True),     # above 1 is 1, so still a claim of certainty
    (0.9, 0.9, False),    # an honest inference stays what it is
    (0.7, 0.7, False),
    (0.65, 0.65, True),
    (None, 0.6, True),
    (0, 0.6, True),
    (-1, 0.6, True),
])
def test_without_a_quote(confidence, stored, guess):
    w = weigh_observation(confidence, None, "whatever they said")
    assert (w.confidence, w.quote, w.certain) == (stored, None, False)
    assert w.confidence < 0.7 if guess else w.confidence >= 0.7
    assert ("guess" in w.message) is guess


def test_the_agent_is_told_when_certainty_became_a_guess():
    w = weigh_observation(1.0, None, "I live in Oak Park")
    assert w.message == ("Kept as a guess (confidence 0.6), not as fact: certainty needs their own words "
                         "as a quote, and none was given.")


def test_a_blank_quote_is_no_quote():
    w = weigh_observation(1.0, "   ", "I live in Oak Park")
    assert (w.confidence, w.quote, w.certain) == (0.6, None, False)


def test_a_quote_past_the_length_limit_is_an_error():
    with pytest.raises(PersonModelError, match="quote"):
        weigh_observation(1.0, "word " * 300, "word " * 300)
