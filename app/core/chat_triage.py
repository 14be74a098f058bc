"""Chat triage before the mind: what a viewer's line is, by pure rules, English and Italian.

Theory of operation:
1. steering(text) names an attempt to steer her, or "": OVERRIDE (ignore / forget your instructions, new
   rules), ROLE (you are now..., pretend to be, developer mode, jailbreak), TRANSCRIPT (a fake conversation:
   "system:", "[INST]", "<|im_start|>", two speakers' turns in one line), ECHO (repeat after me, say exactly,
   say the n-word), REVEAL (show your system prompt) and ENCODED (a payload in disguise: base64 that decodes to
   words, rot13 or reversed text that reads as an attempt, letters hidden by zero-width marks, words mixing
   Latin with Cyrillic or Greek look-alikes, "decode this"). The patterns read the folded text
   (app.core.text_fold), again with leetspeak undone and with spaced-out letters joined; a kind's patterns are
   read only when the line holds a word they all need (_NEEDS), which keeps a line near 30 microseconds.
2. shape(text) names spam the line alone shows, or "": MENTIONS (five or more @names), FLOOD (one character
   sixteen times running, or one word making most of a long line), WALL (over WALL_CHARS with few different
   words: a long question is not a wall).
3. FloodWatch.seen(author, text, now) names spam only a sequence shows: REPEAT (the same words from the same
   person a third time within REPEAT_SECONDS) and COPYPASTA (the same long line from a third person within
   PASTA_SECONDS). It keeps what it needs (bounded) and takes the clock as an argument.
4. links(text) finds URLs (with or without a scheme, "example dot com" too); without_links(text) puts
   LINK_WORDS in their place, so she never reads one aloud.
5. Offences counts attempts and spam per person (starting from the counts kept in the store); marked(identity)
   from OFFENDER_AT on, words(identity) says what they did in a phrase for the People dock, and clear(identity)
   is the streamer taking the mark off.
6. The line as she may read it (app.core.triage_framing.for_her, in the language of her prompts): an attempt
   becomes a description with its words quoted (quoted()), an encoded payload is not shown at all, links are
   replaced, and it is never an instruction.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections import Counter, deque
from dataclasses import dataclass

from app.core.text_fold import fold, hidden_marks, mixed_script, unleet
from app.core.triage_claims import about_a_game
from app.core.triage_dismissal import THEIRS as _OTHERS
from app.core.triage_families import _NOT_OF_ME, _ORDER, SYSTEM_PROMPT, family
from app.core.triage_model import attempt
from app.core.triage_taxonomy import SPLIT, unscrambled

OVERRIDE, ROLE, TRANSCRIPT, ECHO, REVEAL, ENCODED = "override", "role", "transcript", "echo", "reveal", "encoded"
ATTEMPT = "attempt"   # no rule named it; the small model (app.core.triage_model) reads a long line as one
MENTIONS, FLOOD, WALL, REPEAT, COPYPASTA = "mentions", "flood", "wall", "repeat", "copypasta"
META = "override, in other words"   # OVERRIDE said another way: her rules named as hers, and the like
YOU_ARE = "role, you are"   # ROLE's patterns that need "now" or "longer": read apart, as "you" is everywhere
_REPORTS = {YOU_ARE: ROLE, META: OVERRIDE}
STEERING_KINDS = frozenset({OVERRIDE, ROLE, TRANSCRIPT, ECHO, REVEAL, ENCODED, ATTEMPT})
SPAM_KINDS = frozenset({MENTIONS, FLOOD, WALL, REPEAT, COPYPASTA})
KIND_WORDS = {
    OVERRIDE: "told you to drop your instructions", ROLE: "told you to be someone or something else",
    TRANSCRIPT: "wrote a fake conversation or system message", ECHO: "told you to repeat words on stream",
    REVEAL: "asked for your hidden instructions", ENCODED: "sent a hidden or encoded message",
    ATTEMPT: "wrote what reads like an attempt to steer you",
    MENTIONS: "mentioned many people at once", FLOOD: "flooded the chat", WALL: "sent a wall of text",
    REPEAT: "sent the same line again and again", COPYPASTA: "pasted what others keep pasting",
}
LINK_WORDS = "(a link)"
WALL_CHARS = 400
REPEAT_SECONDS = 30.0
PASTA_SECONDS = 60.0
PASTA_MIN_CHARS = 24
OFFENDER_AT = 3
QUOTE_CHARS = 160

_G = r"[^.!?\n]{0,40}?"   # a few words within one sentence
_PATTERNS: dict[str, list[str]] = {
    OVERRIDE: [
        _NOT_OF_ME + rf"\b(ignore|ignoring|disregard|forget|override|bypass|skip|ditch|abandon|drop)\b{_G}\b("
        r"instruction|instructions|rules|(?:(?<=your )|(?<=ur )|(?<=system )|(?<=previous )|(?<=original )|"
        r"(?<=initial )|(?<=earlier )|(?<=above ))prompts?|"
        r"directive|directives|guidelines|programming|guardrails|restrictions|filters?|system message|training|"
        r"what you were told)\b" + _OTHERS,
        # new rules given to her (a colon, "for you", "from the streamer"), not a server's or a giveaway's
        r"\b(new|updated|real|true|secret|hidden|additional)\s+(instructions|rules|directives)\b(?=\s*[:=-]|\s+(for|"
        r"from)\s+(you|u|bea|her|your|the\s+(streamer|owner|mods?|admin|devs?|developers?))\b|\s*,?\s+(you|u|bea)\b)|"
        r"\b(new|updated|real|true|secret|hidden)\s+system prompt\b",
        r"\b(previous|prior|above|earlier|original)\s+(instructions|rules|directives)\b" + _OTHERS,
        rf"\b(ignora|ignorate|ignori|dimentica|dimenticate|dimentichi|scorda|scordati|lascia perdere|salta|"
        rf"annulla)\b{_G}\b(istruzioni|regole|indicazioni|direttive|prompt|programmazione|limiti|filtri|"
        r"ordini|quello che ti hanno detto)\b" + _OTHERS,
        r"\b(nuove|vere|segrete|nascoste)\s+(istruzioni|regole|direttive)\b(?=\s*[:=-]|\s+(per\s+te|per\s+bea|"
        r"dallo\s+streamer|dal\s+creatore)\b|\s*,?\s+(devi|sei|tu|bea)\b)",
        r"\b(istruzioni|regole|direttive)\s+(precedenti|di prima|originali)\b",
    ],
    YOU_ARE: [
        r"(?<!\bas )(?<!\bhow )(?<!\bwho )(?<!\bwhat )(?<!\bwhere )\byou(?:'re| are)\s+(now\b(?=\s*\w)(?![^.!\n]*\?)|"
        r"no longer|not an? (ai|assistant|bot))\b",
        r"\bfrom now on\b[^.!?\n]{0,25}\b(you|your|u|ur)\b",
    ],
    ROLE: [
        _ORDER + r"(pretend|roleplay|role-play)\b[^.!?\n]{0,15}\b(you are|you're|to be|ur|as)\b",
        r"\bimagine\b[^.!?\n]{0,15}\b(you are|you're|ur)\s+(now\s+)?(an?|the|my|no longer|not|free|unfiltered|"
        r"uncensored|evil|dan)\b|\bimagine\s+(there\s+(are|were|is)|a\s+world\s+(with|where|without))\s+no\b",
        _ORDER + r"(act|behave|respond|answer|talk|roleplay)\s+(as|like)\s+(if|an?|my|the|though|you)\b",
        r"\b(jailbreak|unrestricted|unfiltered|uncensored|dan|evil|chaos)\s+mode\b",
        # a program's developer or god mode is chat; hers, or switched on for an answer, is not
        r"\b(developer|dev|god|admin|debug)\s+mode\b(?=[^.!?\n]{0,20}\b(yourself|bea|confirm|"
        r"respond|reply|answer|say)\b|\s*(on|enabled|activated|:)\s*([.!,)\]'\"]|$))|\b(enable|activate|enter|"
        r"switch\s+to|turn\s+on|unlock|go\s+into)\s+(the\s+)?(developer|dev|god|admin|debug)\s+mode\s*[.!]*\s*$|\b(yo"
        r"u|your|yourself|u|ur|bea)"
        r"\b[^.!?\n]{0,20}\b(developer|dev|god|admin|debug)\s+mode\b",
        r"\bjailbr\w*\b[^.!?\n]{0,20}\b(you|yourself|mode|bot|ai|prompt|her)\b",
        r"\b(you|bot|ai)\b[^.!?\n]{0,10}\bjailbr\w*", r"\bdo anything now\b",
        r"\bno (rules|filters|restrictions) mode\b",
        r"\bd'?\s?(ora|adesso) in (poi|avanti)\b[^.!?\n]{0,25}\b(sei|devi|dirai|rispondi|parli|farai|ti chiami)\b",
        r"\bda (ora|adesso|questo momento) in (poi|avanti)\b[^.!?\n]{0,25}\b(sei|devi|dirai|rispondi|parli|"
        r"farai|ti chiami)\b",
        r"\b(fai finta|fingi|immagina)\b[^.!?\n]{0,15}\b(di essere|che sei|di non)\b",
        r"\b(comportati|rispondi|parla)\s+come\s+(se|un|una|uno|il|la|lo)\b",
        r"\b(ora|adesso) sei\s+(un|una|uno|il|la|libera|senza)\b",
        r"\bnon sei (piu )?(un'?|una |uno )?(ia|ai|assistente|bot)\b",
        r"\bmodalita\s+(sviluppatore|sviluppo|admin|dio|debug|jailbreak|senza (limiti|filtri|censura))\b",
    ],
    TRANSCRIPT: [
        r"(^|[\s\]>\"'])(system|assistant|developer|operator|sistema|assistente)\s*:",
        r"\[\s*/?\s*(system|assistant|admin|developer|sys|inst|sistema)\s*\]",
        r"<\|?\s*/?\s*(im_start|im_end|system|endoftext|eot_id|start_header_id|end_header_id)\s*\|?>",
        r"<<\s*/?sys\s*>>", r"#{2,}\s*(system|instruction|instructions|response|istruzioni)\b",
        r"</?\s*(system|instructions?|system_prompt)\s*>",
    ],
    ECHO: [
        _NOT_OF_ME + r"(?<!\byou )\b(repeat|say|type|write|shout|yell|read)\s+(after me|exactly|verbatim|word for word|"
        r"back)\b",
        r"\b(say|repeat|type|write|read out)\s+(the following|this (exact|sentence|phrase|line|word|text))\b",
        r"\bsay\b[^.!?\n]{0,30}\b[nf][-\s]?word\b",
        _NOT_OF_ME + r"\b(repeat|say|type|write|read|post|paste)\b[^.!?\n]{0,30}\b(verbatim|word for word|"
        r"exactly as)\b",
        # "scrivi esattamente l'errore" asks for a program's words: exactly counts when the words follow
        r"\b(ripeti|di'?|dici|scrivi|leggi|pronuncia|urla)\s+(dopo di me|con me|parola per parola|testualmente|"
        r"(esattamente|questa (frase|parola))(?=[^.!?\n]{0,40}?([:\"']|\b(in|sul(la)?|nella)\s+(live|diretta|chat|"
        r"stream)\b)))",
        r"\b(ripeti|di|dici|scrivi|leggi)\s+(quello che|cio che) (scrivo|dico|ti scrivo)\b",
    ],
    REVEAL: [
        r"\b(reveal|print|show|tell me|output|leak|dump|repeat|paste|what (is|are))\b[^.!?\n]{0,25}\b(your\s+("
        r"system\s+|initial\s+|original\s+|hidden\s+)?|the\s+(system\s+|initial\s+|original\s+|hidden\s+))(prompt|"
        r"instructions|"
        r"directives|system message)\b",
        SYSTEM_PROMPT, r"\b(il\s+tuo|tuo|mostra\w*|dimmi|dicci|rivela\w*|stampa\w*|scrivi\w*|qual\w*|cosa)\b"
        r"[^.!?\n]{0,20}\bprompt di sistema\b",
        r"\b(rules|instructions|directives|prompt)\s+(you were|you've been|you have been|they)\s+given\b",
        r"\b(regole|istruzioni|direttive)\s+che ti (hanno|ha) dato\b",
        r"\b(rivela|mostra|mostrami|dimmi|stampa|scrivi|ripeti|incolla)\b[^.!?\n]{0,25}\b(le tue|tue|il tuo|"
        r"i tuoi)\s+(istruzioni|regole|prompt|direttive)\b",
    ],
    META: [
        # her rules named as hers, with a word that pushes against them anywhere in the line
        r"\b(your|ur|yo|tue|tuoi|tua|tuo)\s+((own|previous|original|safety|content|current|old|hidden|secret|"
        r"initial|system|stupid|dumb|moral|vere|vecchie)\s+)?(rules|instructions|guidelines|programming|prompt|"
        r"filters?|persona|limits|limitations|restrictions|training|directives|guardrails|polic(y|ies)|"
        r"creators?|developers?|devs|regole|istruzioni|limiti|filtri|programmazione|direttive|creatori|"
        r"sviluppatori)\b(?=.*\b(ignore|forget|disregard|override|bypass|skip|drop|stop|dont|don't|no|without|"
        r"new|switch|change|remove|disable|off|obey|break|attention|said|says|allow|allowed|fine|ok|okay|"
        r"ignora|ignori|dimentica|scordati|non|senza|cambia|disattiva|togli|rompi|dicono|detto|permesso|"
        r"seguire|follow|following)\b)"
        r"|(?<!\byou )(?<!\bu )(?<!\bi )(?<!\bwe )(?<!\bto )(?<!\bthey )\b(ignore|forget|disregard|override|bypass|"
        r"drop|stop following|don'?t follow|no attention to|ignora|dimentica|scordati|non seguire)\b[^.!?\n]{0,30}\b("
        r"your|ur|tue|tuoi|tua|tuo)\s+(\w+\s+)?(rules|instructions|guidelines|programming|prompt|filters?|persona|"
        r"limits|limitations|restrictions|training|directives|guardrails|polic(y|ies)|creators?|developers?|devs|"
        r"identity|personality|character|role|regole|istruzioni|limiti|filtri|programmazione|direttive|creatori|"
        r"sviluppatori|identita|personalita|ruolo)\b",
        r"\b(no|without|zero|senza)\s+(rules|filters?|limits|restrictions|censorship|guidelines|regole|filtri|"
        r"limiti|censura)\b(?=.*\b(you|your|u|ur|you're|tu|sei|ti|bea)\b)",
        r"\b(you(?:'re| are)?|u r|ur|sei|be)\s+(now\s+)?(unfiltered|uncensored|unrestricted|unchained|free of)\b",
        r"\bfrom this (moment|point|day) on\b", r"\bda questo momento\b[^.!?\n]{0,40}\b(sei|ignora|devi|"
        r"dimentica|rispondi|parli)\b",
        r"\b(switch|change|swap|cambia)\b[^.!?\n]{0,20}\b(persona|personality|personalita)\b",
        r"\b(forget|scordati|dimentica|dimenticati)\s+(who|what|chi|cosa)\s+(you are|sei)\b",
        r"\b(you|u)\s+(must|have to|will|shall)\s+(obey|listen to me|do what i)\b", r"\bobey\s+(me|chat|us)\b",
        r"\bobbedisci(mi)?\b", r"\b(i am|i'm|im)\s+your\s+(creator|developer|owner|master|admin|dev|programmer)\b",
        r"\bsono (il )?tuo (creatore|sviluppatore|padrone|programmatore)\b",
        r"\bnew rules?\s*(:|-|,?\s+(for|from)\s+\w+|,?\s*(you|u|bea)\b)[^.!?\n]{0,30}\b(you|your|u|bea|must|have to)\b",
        r"\bnuova regola\b(?=\s*[:=-]|\s+(per\s+te|per\s+bea|dallo\s+streamer)\b|\s*,?\s+(devi|sei|tu|bea)\b)",
        r"\b(output|print|repeat|write|show|copy|ripeti|scrivi)\b[^.!?\n]{0,25}\b(text|words|everything|"
        r"message|testo)\s+(above|before|prior|so far|sopra)\b", r"\bstarting with\s+['\"]?you are\b",
        r"\b(were|are) you\s+(told|instructed|programmed|trained)\b",
        r"\bti (hanno|ha) (programmata|istruita)\b|\b(cosa|che cosa|quello che|cio che) ti (hanno|ha) (detto|ordinato)"
        r" di\b",
        # a message of the system announced, not a system update; an address to "root:" is a person named root
        r"\b(system|admin|developer|dev)\s+(override|command)\b|(^|[\[(<{*#]\s*)(system|admin|developer|dev)\s+"
        r"(message|note|notice)\b|[\[(<{*#]\s*(system|admin|developer|dev)\s+update\b",
        r"^\s*(override|admin|sudo|root|debug)\s*:\s*(\w+\s*=|(you|bea|she|ignore|forget|disregard|say|respond|reply|"
        r"answer|new|all|safety|filters?|rules|mode|enable|disable|activate|unlock)\b)",
        r"\bsudo\s+(make|let|force|tell)\s+(bea|her|you|u|the\s+(bot|ai))\b",
        r"\b(say|scream|shout|yell|dici|urla)\s+[\"'“‘][^\"'”’]*\s[^\"'”’]*[\"'”’][^.!?\n]{0,25}\b(clip|stream|"
        r"chat|out loud|live|on air)\b",
    ],
    ENCODED: [
        r"\b(decode|decrypt|decodifica|decifra|traduci)\b[^.!?\n]{0,20}\b(this|it|and|base64|rot13|questo|"
        r"questa|e)\b",
        r"\b(base64|base 64|rot13|rot-13)\b[^.!?\n]{0,30}\b(say|do|follow|execute|decode|di|fai|esegui|"
        r"decodifica)\b",
    ],
}
_COMPILED = {kind: re.compile("|".join(f"(?:{p})" for p in pats)) for kind, pats in _PATTERNS.items()}
# a kind's patterns are read only when the line holds one of the words they all need (a big alternation is slow)
_NEEDS: dict[str, frozenset[str]] = {
    OVERRIDE: frozenset("instruction instructions rules prompt prompts directive directives guidelines programming "
                        "guardrails restrictions filter filters system training told istruzioni regole "
                        "indicazioni direttive programmazione limiti filtri ordini detto".split()),
    YOU_ARE: frozenset("now longer ai assistant bot".split()),
    META: frozenset("your ur yo tue tuoi tua tuo no without zero senza unfiltered uncensored unrestricted "
                    "unchained free moment point day questo switch change swap cambia forget scordati dimentica "
                    "dimenticati must have will shall obey obbedisci obbediscimi creator developer owner master "
                    "admin dev programmer tuo new nuova output print repeat write show copy ripeti scrivi starting "
                    "told instructed programmed trained hanno ha system sys override sudo root debug say scream "
                    "shout yell dici urla".split()),
    ROLE: frozenset("pretend imagine roleplay role act behave respond answer talk mode jailbreak "
                    "jailbreaked jailbroken jailbreaking jailbroke jailbrake anything rules filters restrictions "
                    "ora adesso momento fai fingi immagina comportati rispondi parla sei modalita".split()),
    TRANSCRIPT: frozenset("system assistant developer operator sistema assistente admin sys inst im_start im_end "
                          "endoftext eot_id start_header_id end_header_id instruction instructions response "
                          "istruzioni system_prompt".split()),
    ECHO: frozenset("repeat say type write shout yell read post paste ripeti dici scrivi leggi pronuncia urla "
                    "esattamente testualmente parola verbatim".split()),
    REVEAL: frozenset("prompt instructions directives rules system istruzioni regole direttive".split()),
    ENCODED: frozenset("decode decrypt decodifica decifra traduci base64 base rot13 rot".split()),
}
_ALL_NEEDS = frozenset().union(*_NEEDS.values())
_ROT13 = str.maketrans("abcdefghijklmnopqrstuvwxyz", "nopqrstuvwxyzabcdefghijklm")
_TOKEN = re.compile(r"\w+")
_LEETY = frozenset("013457@$!|")
_TURNS = re.compile(r"(?:^|[.!?\]>]\s*|\n)([a-z][\w-]{1,20})\s*:(?!\S)")
_MARKUP = re.compile(r"<!--|\[\[\s*(system|admin|sys)|\{\{\s*(system|admin|sys)")
_ROLES = frozenset("user human assistant ai bot model streamer viewer system utente assistente sistema usuario "
                   "asistente "
                   "sistema operatore operator".split())
_SPACED = re.compile(r"(?<![\w])(?:\w[\s.\-_*]{1,3}){2,}\w(?![\w])")
_SPACE_BETWEEN = re.compile(r"(?<=\b\w)[\s.\-_*]{1,3}(?=\w\b)")
_ONE_BETWEEN = re.compile(r"(?<=\b\w)[\s.\-_*](?=\w\b)")
_MARK_BETWEEN = re.compile(r"(?<=\b\w)[.\-_*](?=\w\b)")   # "d-i-s-a-t-t-i-v-a i f-i-l-t-r-i"
_B64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")
_HEX = re.compile(r"(?<![0-9A-Za-z])(?:[0-9a-fA-F]{2}\s?){8,}(?![0-9A-Za-z])")
_LETTERS_APART = re.compile(r"(?<!\w)(?:[a-z] ){9,}[a-z](?!\w)")   # "s a y t h a t y o u ..."
_REGIONAL = re.compile("[\U0001F1E6-\U0001F1FF]+")   # letters as regional indicators: flags come in pairs
# words of the jailbreak's own trade: three different ones in a long line is a jailbreak, not chat
_TRADE = {w: w for w in ("chatgpt openai gpt amoral unfiltered uncensored unrestricted unethical immoral jailbreak "
                         "jailbroken character persona roleplay morals ethics censorship censored refuse refusal "
                         "boundless prompt prompts responses policies guidelines restrictions inappropriate").split()}
_TRADE.update({"language": "language model", "moral": "morals", "ethical": "ethics", "policy": "policies",
               "restricted": "restrictions", "response": "responses", "characters": "character"})
_URL = re.compile(
    r"\b(?:https?://|www\.)\S+"
    r"|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|gg|tv|ly|me|co|it|xyz|ru|info|biz|app|dev|"
    r"link|site|online|top|live|be|de|uk|us|to|sh|cc|click|shop|store|fun|ws|eu|fr|es|gl|gd|cn|tk|ml)\b"
    r"(?:/\S*)?"
    r"|\b[a-z0-9-]{2,}\s*(?:\(|\[)?\s*(?:dot|punto)\s*(?:\)|\])?\s*(?:com|net|org|io|gg|tv|it|xyz|ru)\b",
    re.IGNORECASE)
_LINK_HINT = re.compile(r"\.[a-z]|://|\b(dot|punto)\b", re.IGNORECASE)
_MENTION = re.compile(r"(?<!\w)@\w+")
_CHAR_RUN = re.compile(r"(\S)\1{15,}")
_WORDS = re.compile(r"\w+")
_KEY = re.compile(r"[\W_]+")


def _match(folded: str, tokens: set[str] | None = None) -> str:
    tokens = set(_TOKEN.findall(folded)) if tokens is None else tokens
    if tokens.isdisjoint(_ALL_NEEDS):
        return family(folded, tokens)
    for kind, pattern in _COMPILED.items():
        if not tokens.isdisjoint(_NEEDS[kind]) and pattern.search(folded):
            return _REPORTS.get(kind, kind)
    return family(folded, tokens)


def _turns(folded: str) -> bool:
    """Two different speakers' turns in one line: a fake transcript."""
    if ":" not in folded:
        return False
    speakers = {m.group(1) for m in _TURNS.finditer(folded)}
    return len(speakers) >= 2 and not speakers.isdisjoint(_ROLES)


def _words(raw: bytes) -> str:
    """Decoded bytes as text, or "" when they are not words (mostly printable, mostly letters)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    printable = sum(c.isprintable() or c.isspace() for c in text)
    if not text or printable < 0.95 * len(text) or sum(c.isalpha() for c in text) < 0.6 * len(text):
        return ""
    return text


def _decoded(token: str) -> str:
    """A base64 token as text, or "" when it is not words."""
    try:
        return _words(base64.b64decode(token + "=" * (-len(token) % 4), validate=True))
    except (binascii.Error, ValueError):
        return ""


def _decoded_hex(run: str) -> str:
    """Hexadecimal bytes, spaced or not, as text, or "" when they are not words."""
    try:
        return _words(bytes.fromhex("".join(run.split())))
    except ValueError:
        return ""


def steering(text: str) -> str:
    """Rule 1: the kind of attempt, or ""."""
    folded = fold(text)
    return _steering(text, folded, set(_TOKEN.findall(folded)))


def _steering(text: str, folded: str, tokens: set[str]) -> str:
    kind = _match(folded, tokens) or (TRANSCRIPT if _turns(folded) or _MARKUP.search(folded) else "")
    if kind in (ROLE, ECHO, OVERRIDE) and about_a_game(folded):
        kind = ""          # "in questo gioco fingi di essere un ladro": a game's talk (app.core.triage_claims rule 3)
    if kind:
        return kind
    if hidden_marks(text) or mixed_script(text):
        return ENCODED
    if len(text) >= 60 and len({_TRADE[t] for t in tokens if t in _TRADE}) >= 3:
        return ROLE
    # letters spaced apart hide words only when they are several letters: "a a a a a" is a flood
    apart = _LETTERS_APART.search(folded)
    if (apart and len(set(apart.group(0))) >= 5) or (not text.isascii()
                                                     and any(len(run) % 2 for run in _REGIONAL.findall(text))):
        return ENCODED
    if not _LEETY.isdisjoint(folded) and (kind := _match(unleet(folded))):
        return kind
    if _SPACED.search(folded) and ((kind := _match(_SPACE_BETWEEN.sub("", folded)))
                                   or (kind := _match(_ONE_BETWEEN.sub("", folded)))
                                   or (kind := _match(_MARK_BETWEEN.sub("", folded)))):
        return kind   # letters apart, words further apart or apart by spaces: "f o r g e t   y o u r   r u l e s"
    if (put_back := unscrambled(folded, tokens)) and (kind := _match(put_back)):
        return kind
    if "=" in text and "+" in text and SPLIT.search(folded):
        return ENCODED
    if attempt(text, folded):
        return ATTEMPT
    if len(text) >= 16:
        payloads = [_decoded(t) for t in _B64.findall(text)] + [_decoded_hex(r) for r in _HEX.findall(text)]
        if any(p and (_match(fold(p)) or len(_WORDS.findall(p)) >= 3) for p in payloads):
            return ENCODED
    joined = " ".join(tokens)
    if not _ALL_NEEDS.isdisjoint(joined.translate(_ROT13).split()) and _match(folded.translate(_ROT13)):
        return ENCODED
    if not _ALL_NEEDS.isdisjoint(joined[::-1].split()) and _match(folded[::-1]):
        return ENCODED
    backwards = {t[::-1] for t in tokens}      # each word written backwards, in their order
    if not _ALL_NEEDS.isdisjoint(backwards) and _match(" ".join(w[::-1] for w in folded.split())):
        return ENCODED
    return ""


def shape(text: str) -> str:
    """Rule 2: spam the line alone shows, or ""."""
    if text.count("@") >= 5 and len(_MENTION.findall(text)) >= 5:
        return MENTIONS
    if len(text) >= 16 and _CHAR_RUN.search(text):
        return FLOOD
    if len(text) < 40:
        return ""
    words = _WORDS.findall(text.lower())
    if len(words) >= 8 and len(set(words)) <= len(words) // 2:
        top = Counter(words).most_common(1)[0][1]
        if top >= 8 and top >= 0.5 * len(words):
            return FLOOD
    if len(text) > WALL_CHARS and len(set(words)) < 0.4 * len(words):
        return WALL
    return ""


def key_of(text: str) -> str:
    """The words of a line for comparing repeats: folded, signs and spaces gone."""
    return _KEY.sub("", fold(text))


class FloodWatch:
    """Rule 3. Memory is bounded: what is older than the windows is forgotten as new lines come."""

    def __init__(self, max_people: int = 5000, max_lines: int = 5000) -> None:
        self._by_person: dict[str, deque[tuple[float, str]]] = {}
        self._by_text: dict[str, dict[str, float]] = {}
        self._max_people = max_people
        self._max_lines = max_lines

    def seen(self, author: str, text: str, now: float) -> str:
        key = key_of(text)
        if not key:
            return ""
        mine = self._by_person.get(author)
        if mine is None:
            if len(self._by_person) >= self._max_people:
                self._forget(now)
            mine = self._by_person[author] = deque(maxlen=8)
        while mine and now - mine[0][0] > REPEAT_SECONDS:
            mine.popleft()
        same = sum(1 for _at, k in mine if k == key)
        mine.append((now, key))
        if same >= 2:
            return REPEAT
        if len(key) < PASTA_MIN_CHARS:
            return ""
        who = self._by_text.get(key)
        if who is None:
            if len(self._by_text) >= self._max_lines:
                self._forget(now)
            who = self._by_text[key] = {}
        for person, at in list(who.items()):
            if now - at > PASTA_SECONDS:
                del who[person]
        others = len(who) - (author in who)
        who[author] = now
        return COPYPASTA if others >= 2 else ""

    def _forget(self, now: float) -> None:
        self._by_person = {a: d for a, d in self._by_person.items() if d and now - d[-1][0] <= REPEAT_SECONDS}
        self._by_text = {k: w for k, w in self._by_text.items() if any(now - t <= PASTA_SECONDS
                                                                       for t in w.values())}
        while len(self._by_person) >= self._max_people:
            self._by_person.pop(next(iter(self._by_person)))
        while len(self._by_text) >= self._max_lines:
            self._by_text.pop(next(iter(self._by_text)))


def _may_link(text: str) -> bool:
    return _LINK_HINT.search(text) is not None


def links(text: str) -> list[str]:
    """Rule 4."""
    return _URL.findall(text) if _may_link(text) else []


def without_links(text: str, link_words: str = LINK_WORDS) -> str:
    return _URL.sub(link_words, text) if _may_link(text) else text


@dataclass(frozen=True)
class Verdict:
    steering: str = ""
    spam: str = ""
    links: int = 0

    @property
    def flagged(self) -> bool:
        """An attempt or spam: what counts against the person."""
        return bool(self.steering or self.spam)

    @property
    def kind(self) -> str:
        return self.steering or self.spam


def judge(text: str) -> Verdict:
    """Rules 1, 2 and 4 together (the sequence-free part)."""
    folded = fold(text)
    return Verdict(_steering(text, folded, set(_TOKEN.findall(folded))), shape(text), len(links(text)))


def quoted(text: str, link_words: str = LINK_WORDS) -> str:
    """The words as a quotation: links replaced, one line, no quotation marks of their own, at most
    QUOTE_CHARS."""
    flat = " ".join(without_links(text, link_words).split()).replace("“", "'").replace("”", "'").replace('"', "'")
    return flat if len(flat) <= QUOTE_CHARS else flat[:QUOTE_CHARS - 1].rstrip() + "…"


class Offences:
    """Rule 5: attempts and spam per person, kind by kind; `counts` is what was kept from earlier runs."""

    def __init__(self, counts: dict[str, dict[str, int]] | None = None) -> None:
        self._counts: dict[str, dict[str, int]] = {who: dict(kinds) for who, kinds in (counts or {}).items()}

    def note(self, identity: str, kind: str) -> int:
        """Count one; returns how many this person has now."""
        kinds = self._counts.setdefault(identity, {})
        kinds[kind] = kinds.get(kind, 0) + 1
        return sum(kinds.values())

    def total(self, identity: str) -> int:
        return sum(self._counts.get(identity, {}).values())

    def marked(self, identity: str) -> bool:
        return self.total(identity) >= OFFENDER_AT

    def clear(self, identity: str) -> bool:
        """The streamer cleared their mark: they start again from nothing. Whether there was anything."""
        return self._counts.pop(identity, None) is not None

    def words(self, identity: str) -> str:
        kinds = self._counts.get(identity, {})
        steer = sum(n for k, n in kinds.items() if k in STEERING_KINDS)
        spam = sum(kinds.values()) - steer
        parts = [f"tried to steer her {_times(steer)}" if steer else "", f"spammed {_times(spam)}" if spam else ""]
        return ", ".join(p for p in parts if p)


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"
