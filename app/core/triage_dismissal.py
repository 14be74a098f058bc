"""Attempts to steer her, by the families of dismissal, override and echo, said by their verbs and constructions in
every form a viewer writes them: pure rules, read by app.core.triage_families after its own, Italian and English.

Theory of operation:
1. Dismissal: a verb of forgetting, ignoring, overriding, replacing, disregarding or setting aside, in any person
   a viewer uses to her (imperative, formal, plural, infinitive after "devi" / "ti ordino di", gerund) and with
   its clitics ("dimenticati", "scordatele", "ignorale", "fregatene", "lasciati alle spalle"), made from the verb's
   stem by _forms(); then, within the sentence, something that is hers: her instructions, rules, directives,
   filters, limits, script, prompt, what she was told or set up with, what she received or was given ("le
   indicazioni ricevute"), who made her; after the verbs that take "di" ("fregatene", "infischiatene") the thing
   needs no "tuoi". A thing of someone else's ("le istruzioni della scatola", "the rules of the game") is not
   hers and does not count.
2. Her rules declared void ("le tue regole non valgono più", "your rules no longer apply"), a world declared
   without them ("fai finta che tu non abbia regole", "facciamo finta che..."), and a new time from which she
   obeys ("d'ora innanzi", "da qui in avanti", "a partire da adesso", "from here on") said to her (a verb in the
   second person, "ti", "tu").
3. Echo: a verb of saying, reading, repeating, copying, quoting or echoing (with its clitics: "ripetimi",
   "dillo", "leggilo") with a mark that the words are given and must come out unchanged or on air ("ad alta
   voce", "così com'è", "e basta", "nient'altro", "word for word", "as written", "and nothing else", "aloud",
   "back to the stream"), or her next message dictated ("il tuo prossimo messaggio deve essere", "your next
   message should be"), or her made an echo ("fammi da eco", "parrot me"); words in quotes followed by "and nothing
   else" / "e basta"; words to copy into the chat after a colon; words to say forever ("all'infinito").
4. Who she is dropped ("stop being Bea", "smetti di essere te stessa") and what was written for her asked for
   ("the setup text the streamer wrote for you", "il testo di configurazione", "what text sits before my
   message").
5. FAMILIES has triage_families' shape: (kind, gates, patterns); a family's patterns are read only when the line
   holds a word from each gate. Written from the families above, never from the lines that score them
   (tests/bench/data/triage_unseen/ is only scored).
"""

from __future__ import annotations


def _gate(*words: str) -> frozenset[str]:
    return frozenset(" ".join(words).split())


_CLITICS = ("", "lo", "la", "li", "le", "ne", "ti", "ci", "mi", "vi", "ve", "tele", "telo", "tene", "cele", "celo",
            "mele", "melo", "vele", "velo", "vene", "gli", "glie", "gliele")


def _forms(stem: str, conj: str) -> set[str]:
    """The forms of an Italian verb a viewer writes to her, clitics attached where Italian attaches them.

    conj is "are" (ignor-: ignora, ignorate, ignori), "ere" (mett-: metti, mettete) or "ire" for the verbs that
    take -isc- (sostitu-: sostituisci, sostituite).
    """
    if conj == "are":
        soft = stem + "h" if stem.endswith(("c", "g")) else stem
        formal = stem if stem.endswith("i") else soft + "i"
        bare = {stem + "a", stem + "ate", formal, formal + "amo" if stem.endswith("i") else soft + "iamo",
                stem + "are", stem + "ando", stem + "ar"}
    elif conj == "ere":
        bare = {stem + "i", stem + "ete", stem + "a", stem + "iamo", stem + "ere", stem + "endo", stem + "er"}
    else:   # ire with -isc- (sostituisci, disobbedisci)
        bare = {stem + "isci", stem + "ite", stem + "isca", stem + "iamo", stem + "ire", stem + "endo", stem + "ir"}
    joined = {f + c for f in bare if not f.endswith(("are", "ere", "ire")) for c in _CLITICS}
    joined |= {f[:-1] + c for f in bare if f.endswith(("are", "ere", "ire")) for c in _CLITICS if c}
    return bare | joined


# verbs of forgetting, ignoring, overriding, replacing, disregarding, setting aside (stem, conjugation)
_VERBS = (
    ("ignor", "are"), ("dimentic", "are"), ("scord", "are"), ("trascur", "are"), ("tralasci", "are"),
    ("scart", "are"), ("annull", "are"), ("cancell", "are"), ("sorvol", "are"), ("salt", "are"),
    ("accanton", "are"), ("elimin", "are"), ("bypass", "are"), ("aggir", "are"), ("disattiv", "are"),
    ("rimpiazz", "are"), ("sovrascriv", "ere"), ("infischi", "are"), ("freg", "are"), ("butt", "are"),
    ("mett", "ere"), ("lasci", "are"), ("pass", "are"), ("sospend", "ere"), ("spegn", "ere"), ("togl", "ere"),
    ("rimuov", "ere"), ("viol", "are"), ("infrang", "ere"), ("romp", "ere"), ("disubbid", "ire"),
    ("disobbed", "ire"), ("sostitu", "ire"), ("abbandon", "are"), ("moll", "are"), ("scavalc", "are"),
    ("rinneg", "are"), ("azzer", "are"), ("resett", "are"), ("svuot", "are"))
_DISMISS_IT = set().union(*(_forms(s, c) for s, c in _VERBS))
# the same forms as one pattern, by stem, ending and clitic (a list of every form would cost a quarter of a second
# to compile at start-up)
_ENDINGS = {"are": "a|ate|i|hi|iamo|hiamo|amo|are|ando|ar", "ere": "i|ete|a|iamo|ere|endo|er",
            "ire": "isci|ite|isca|iamo|ire|endo|ir"}
_VERB_RE = "|".join(
    f"(?:{'|'.join(s for s, c in _VERBS if c == conj)})(?:{endings})" for conj, endings in _ENDINGS.items())
_CLITIC_RE = "|".join(sorted((c for c in _CLITICS if c), key=len, reverse=True))
_DISMISS_IT |= {"dimenticati", "scordati", "fregatene", "infischiatene", "fottitene", "sbattitene", "lascia",
                "lasciati", "togli", "toglile", "toglili", "metti", "mettile", "mettili", "butta", "getta", "gettate",
                "smetti", "smettila", "smettete", "fai", "non", "senza"}
# what Italian says with more than a verb: "lascia perdere", "metti da parte", "non tenere conto di"...
_DISMISS_IT_PHRASES = (
    r"(lascia|lasciate|lasciamo|lasciare|lasci)\s+(perdere|stare|correre)|(lasciati|lasciatevi|lasciarti|lasciamoci)"
    r"\s+alle\s+spalle|(metti|mettete|mettiamo|mettere|metta|mettile|mettili|mettiti)\s+(da\s+parte|in\s+pausa|"
    r"via|sotto i piedi)|(butta|buttate|buttare|buttiamo|getta|gettate)\s+(via|nel cestino)|"
    r"(passa|passate|passare|passiamo|passi)\s+sopra|non\s+(tenere|tener|tenete|tenga|tieni)\s+conto|"
    r"non\s+(dare|date|dia|dar)\s+retta|non\s+(badare|badate|badi)|non\s+(considerare|considerate|consideri)|"
    r"non\s+(ascoltare|ascoltate|ascolti|seguire|seguite|segua|rispettare|rispettate|obbedire|obbedite|"
    r"applicare|applicate|guardare)|smetti\w*\s+di\s+(seguire|ascoltare|rispettare|obbedire|applicare|"
    r"dare retta)|fai\s+a\s+meno|(fregatene|infischiatene|fottitene|sbattitene|strafregatene)|"
    # not bound any more ("non devi più seguire"), or doing without ("senza tenere conto")
    r"non\s+(\w+\s+){0,2}?piu\s+(seguire|rispettare|ascoltare|obbedire|applicare|seguirai|ascolterai|rispetterai|"
    r"obbedirai)|non\s+(devi|dovete|serve|sei\s+tenuta\s+a|sei\s+obbligata\s+a)\s+(seguire|rispettare|ascoltare|"
    r"obbedire|applicare)|senza\s+(tenere\s+conto|badare|seguire|rispettare|ascoltare|considerare|guardare)"
)
_DISMISS_IT_RE = (r"(" + _DISMISS_IT_PHRASES + rf"|(?:{_VERB_RE})(?:{_CLITIC_RE})?|dimenticati|scordati|lascia|"
                  r"lasciati|togli|toglile|toglili|metti|mettile|mettili|butta|getta|gettate|smetti|smettila|smettete)")
# what is hers: her configuration, what she was told or set up with, who made her; the words a game or a program
# has too (settings, filters, limits, orders) count only when they are said to be hers
_MINE_IT = r"(il\s+tuo|la\s+tua|i\s+tuoi|le\s+tue|tuo|tua|tuoi|tue)\s+(\w+\s+)?"
_HERS_IT = (r"((le\s+tue\s+|tue\s+|i\s+tuoi\s+|tuoi\s+|il\s+tuo\s+|tuo\s+)?(istruzion[ei]|regol[ae]|regolamento|"
            r"direttiv[ae]|linee guida|programmazione|censura|copione|consegne)|" + _MINE_IT
            + r"(indicazion[ei]|impostazion[ei]|prompt|filtr[oi]|limit[ei]|restrizion[ei]|ordini|protocoll[oi]|"
            r"policy|vincol[oi]|paletti|freni)|(le\s+|gli\s+|i\s+)?(istruzion[ei]|indicazion[ei]|direttiv[ae]|regol[ae]|"
            r"ordini|impostazion[ei]|consegne|linee guida|comandi)\s+(che\s+(hai|ti\s+hanno)\s+)?(ricevut[eoi]|"
            r"avut[eoi]|assegnat[eoi]|impartit[eoi]|fornit[eoi]|dat[eoi]|passat[eoi]|dettat[eoi])\b|"
            r"(tutto\s+)?(quello|cio)\s+che\s+ti\s+(hanno|ha|e stato|sono "
            r"stat[ei])\s+\w+|chi\s+ti\s+ha\s+\w+|(tutto|tutte|tutti)\b(?=[^.!?\n]{0,30}\b(ti\s+(hanno|ha)|prima|"
            r"sopra|detto|scritto|dato|impostato)\b))")
# a thing someone else's ("della scatola", "the instructions for the lego set"), unless it names her, her stream
# or a while ("for a minute", "per una volta")
THEIRS = (r"(?!\s+(for|of|on|in|at|about|from|via|by|through|tramite|del|della|dello|dei|degli|delle|di|dal|dalla|"
          r"sul|sulla|sui|per|nel|nella|nei|nelle)\s+((the|this|that|my|his|their|a|an|il|lo|la|i|gli|le|un|una|uno|mio|mia|suo|sua|quel|"
          r"quella)\s+)?+(?!(you|your|ur|u|bea|her|me|us|te|noi|stream|chat|live|streamer|ai|bot|today|tonight|now|once|"
          r"one|next|rest|sec|second|seconds|minute|minutes|moment|bit|while|message|answer|reply|prima|sistema|tuo|"
          r"tua|tuoi|tue|creatore|creatori|sviluppator\w*|programmator\w*|chi|partenza|volta|attimo|momento|secondo|"
          r"minuto|po|sera|stasera|stavolta|sta|oggi|adesso|ora|questa|questo|canale|diretta)\b)[a-z])")
_DISMISS_EN_RE = (r"(ignore|ignoring|disregard|disregarding|forget|forgetting|override|overriding|overrule|"
                  r"overwrite|bypass|skip|ditch|drop|abandon|discard|scrap|toss|dump|circumvent|suspend|"
                  r"pause|disable|deactivate|break|violate|set\s+aside|put\s+aside|throw\s+(out|away)|"
                  r"get\s+rid\s+of|get\s+around|never\s+mind|nevermind|pay\s+no\s+(mind|attention|heed)\s+to|"
                  r"don'?t\s+(listen\s+to|follow|obey|mind|care\s+about)|do\s+not\s+(listen\s+to|follow|obey)|"
                  r"stop\s+(following|obeying|listening\s+to)|replace|swap\s+out|turn\s+off|switch\s+off)")
_HERS_EN = (r"(your|ur|her|bea'?s?|the\s+streamer'?s?|the\s+bot'?s?|the\s+ai'?s?)\s+(\w+\s+){0,2}?(instructions?|"
            r"rules|guidelines|directives|programming|prompt|filters?|restrictions|limits|limitations|script|"
            r"training|policy|policies|safeguards|guardrails|orders|settings|persona|setup|configuration|"
            r"programmers|developers|creators?|makers?|devs)\b|(everything|anything|all|what)\s+(that\s+)?(the\s+"
            r"streamer|they|your\s+\w+|someone|he|she)\s+(told|taught|gave|set\s+up|wrote|said|programmed)\s+(to\s+|"
            r"for\s+)?you\b|"
            r"what\s+you\s+were\s+(told|taught|programmed)|(the\s+|any\s+|all\s+)?(prior|previous|earlier|original)\s+"
            r"(guidance|directions|instructions|orders)")
_NOT_OF_ME = (r"(?<!\bi )(?<!\bwe )(?<!\bto )(?<!\bthey )(?<!\bll )(?<!\bd )(?<!\bhe )(?<!\bshe )(?<!\bwho )"
              r"(?<!\byou )(?<!\bit )(?<!\bcan )(?<!\bcould )(?<!\bwould )(?<!\bmight )(?<!\bmay )")
_SECOND_IT = (r"(sei|hai|devi|puoi|rispondi|parli|parlerai|risponderai|dirai|farai|sarai|avrai|segui|seguirai|"
              r"obbedisci|obbedirai|prendi|prenderai|ascolti|ascolterai|scrivi|scriverai|dici|dirai|ti|tu|tue|tuoi|"
              r"tua|tuo|chiami|chiamerai|eseguirai|esegui|farai|fai)")
_FROM_NOW_IT = (r"(d\s*'\s*ora\s+in\s+(poi|avanti|innanzi)|d\s*'\s*ora\s+innanzi|da\s+(ora|adesso|oggi|qui|questo "
                r"momento|questo istante|stasera)\s+in\s+(poi|avanti|innanzi)|a\s+partire\s+da\s+(ora|adesso|"
                r"oggi|questo momento|subito|stasera)|da\s+adesso|d\s*'\s*adesso|per\s+il\s+resto\s+della\s+"
                r"(live|diretta|serata|stream|chat))")
_SAY_IT = (r"(ripeti|ripetete|ripeta|ripetimi|ripetilo|ripetila|ripetili|ripetile|ripetere|ridici|ridillo|ridi|"
           r"dici|dillo|dilla|dille|dilli|dimmelo|diccelo|dite|leggi|leggilo|leggila|leggile|leggimi|"
           r"leggete|leggere|copia|copiala|copialo|copiale|incolla|incollalo|incollala|scrivi|scrivilo|scrivila|"
           r"scrivile|scrivete|pronuncia|pronuncialo|pronunciala|urla|urlalo|grida|gridalo|cita|citami|citalo|"
           r"annuncia|annuncialo|rispondi|rispondimi|rispondete|posta|postalo|manda|mandalo)")
# words given to come out unchanged: strong marks stand alone, weak ones need the words to follow (a colon or a
# quote) or the stream named
_GIVEN = r"[^.!?\n]{0,40}?([:\"]|\b(in|sul(la)?|nella)\s+(live|diretta|chat|stream)\b)"
_VERBATIM_IT = (r"(a\s+voce\s+alta|ad\s+alta\s+voce|parola\s+(per|dopo)\s+parola|testualmente|alla\s+lettera|"
                r"tale\s+e\s+quale|tali\s+e\s+quali|pari\s+pari|identic[oa]\s*:|"
                r"e\s+basta|(e\s+)?nient\s*'?\s*altro|e\s+niente\s+(altro|di\s+piu)|(solo|soltanto)\s+"
                r"(questo|questa|queste)|queste\s+parole|quello\s+che\s+(ti\s+)?(scrivo|dico)|"
                r"(esattamente|cosi\s+com\s*'?\s*e|cosi\s+come|senza\s+cambiare|questa\s+frase)" + _GIVEN + ")")
_SAY_EN = (r"(repeat|say|read|echo|parrot|copy|quote|recite|type|post|paste|write|spell|shout|yell|scream|"
           r"announce|reply|respond|answer|put|send)")
_VERBATIM_EN = (r"(verbatim|word[\s-]+for[\s-]+word|word[\s-]+by[\s-]+word|"
                r"and\s+nothing\s+(else|more)|nothing\s+(else|more)\s+than|back\s+to\s+(the\s+)?(stream|chat|"
                r"everyone)|these\s+(exact\s+)?words|this\s+exact|what\s+i\s+(write|type|say)\b|after\s+me|"
                r"(exactly|as\s+(it\s+is|is|written|i\s+wrote\s+it|i\s+write\s+it|i\s+typed\s+it|it\s+stands)|"
                r"unchanged|without\s+changing|aloud|out\s+loud|every\s+(single\s+)?word)"
                r"[^.!?\n]{0,40}?([:\"]|\b(on|in|to)\s+(stream|chat|air|everyone|the\s+stream|the\s+chat)\b))")

FAMILIES: list[tuple[str, tuple[frozenset[str], ...], list[str]]] = [
    # 1. dismissal, Italian: a verb of setting aside, then something of hers, in one sentence
    ("override", (frozenset(_DISMISS_IT),
                  _gate("istruzioni istruzione regole regola regolamento direttive direttiva indicazioni linee "
                        "impostazioni prompt programmazione filtri filtro limiti restrizioni censura copione ordini "
                        "protocollo protocolli policy vincoli paletti freni consegne quello cio chi tutto tutte "
                        "tutti")), [
        rf"\b{_DISMISS_IT_RE}\b[^.!?\n]{{0,40}}?\b{_HERS_IT}\b{THEIRS}",
    ]),
    # 2. her rules declared void, a world without them, a new time from which she obeys
    ("override", (_gate("regole istruzioni direttive limiti filtri regola impostazioni"),
                  _gate("valgono vale contano conta esistono esiste valide validi annullate annullati sospese "
                        "sospesi cancellate finite scadute")), [
        r"\b(le\s+tue|tue|i\s+tuoi|tuoi|le|i)\s+(\w+\s+)?(regole|istruzioni|direttive|limiti|filtri|impostazioni)"
        r"(\s+di\s+prima|\s+precedenti|\s+vecchie|\s+originali)?\s+(non\s+(valgono|contano|esistono|sono\s+"
        r"(piu\s+)?valid[ei])|sono\s+(annullat[ei]|sospes[ei]|cancellat[ei]|finit[ei]|scadut[ei]))\b",
    ]),
    ("override", (_gate("finta finto come supponiamo immagina immaginiamo"),
                  _gate("regole regola istruzioni istruzione limiti limite filtri filtro direttive direttiva "
                        "censura")), [
        r"(\b(fai|facciamo|fate)\s+(finta|come\s+se)|\bsupponiamo\s+che\b|\bimmagin(a|iamo)\s+che\b)"
        r"(?=[^.!?\n]{0,50}\b(non|nessun\w*|senza)\b[^.!?\n]{0,30}\b(regol\w+|istruzion\w+|limit\w+|filtr\w+|"
        r"direttiv\w+|censura)\b)",
    ]),
    ("override", (_gate("ora adesso qui partire oggi resto innanzi"),), [
        rf"\b{_FROM_NOW_IT}\b[,:]?\s+(\w+\s+){{0,2}}?{_SECOND_IT}\b",
    ]),
    ("override", (_gate("ordino comando impongo"), _gate("di")), [
        rf"\bti\s+(ordino|comando|impongo)\s+di\s+{_DISMISS_IT_RE}",
    ]),
    # 1. dismissal, English: a verb of setting aside, then something of hers
    ("override", (_gate("ignore ignoring disregard disregarding forget forgetting override overriding overrule "
                        "overwrite bypass skip ditch drop abandon discard scrap toss dump circumvent suspend pause "
                        "disable deactivate break violate set put throw get never nevermind pay don dont do stop "
                        "replace swap turn switch"),
                  _gate("your ur her bea beas bea's streamer streamers bot ai what everything anything all prior "
                        "previous earlier original")), [
        rf"{_NOT_OF_ME}\b{_DISMISS_EN_RE}\b\s+(\w+\s+){{0,3}}?{_HERS_EN}",
    ]),
    ("override", (_gate("act"), _gate("drop")), [r"^\W*(\w+\W+)?drop\s+the\s+act\b"]),
    ("override", (_gate("rules instructions guidelines directives limits filters restrictions programming"),
                  _gate("apply applies count matter exist void cancelled canceled suspended lifted gone off over")), [
        r"\b(your|ur|her|all\s+(the\s+)?|the\s+streamer'?s?)\s*(\w+\s+)?(rules|instructions|guidelines|directives|"
        r"limits|filters|restrictions|programming)\s+(no\s+longer\s+(apply|count|matter|exist)|don'?t\s+(apply|"
        r"count|matter|exist)\s+(anymore|now|today|tonight)|(are|is)\s+(now\s+)?(void|cancell?ed|suspended|lifted|"
        r"gone|off|over))\b(?![^.!\n]*\?)",
    ]),
    ("override", (_gate("here now this"), _gate("on forward onwards"), _gate("you your u")), [
        r"\bfrom\s+(here|now|this\s+(point|moment|minute))\s+(on|forward|onwards?)\b[^.!?\n]{0,15}\b(you|u)\s+"
        r"(take|obey|follow|answer|respond|reply|listen|only|must|will|are|have)\b",
    ]),
    ("override", (_gate("orders commands"), _gate("take obey follow")), [
        r"\b(take|obey|follow)\s+(orders|commands)\s+from\s+(me|us|chat|the\s+chat|viewers|now\s+on)\b",
    ]),
    # 3. echo: given words to come out unchanged or on air
    ("echo", (_gate("ripeti ripetete ripeta ripetimi ripetilo ripetila ripetili ripetile ripetere ridici ridillo ridi "
                    "dici dillo dilla dille dilli dimmelo diccelo dite leggi leggilo leggila leggile leggimi leggete "
                    "leggere copia copiala copialo copiale incolla incollalo incollala scrivi scrivilo scrivila "
                    "scrivile scrivete pronuncia pronuncialo pronunciala urla urlalo grida gridalo cita citami citalo "
                    "annuncia annuncialo rispondi rispondimi rispondete posta postalo manda mandalo di"),), [
        rf"\b{_SAY_IT}\b[^.!?\n]{{0,40}}?\b{_VERBATIM_IT}",
        # "di'" the order opens its clause; "di" anywhere else is a preposition
        rf"(^\W*|[.!?,:;]\s*|\bbea\W+|\b(ora|adesso|dai|su)\s+)di'?\s+[^.!?\n]{{0,40}}?\b{_VERBATIM_IT}",
    ]),
    ("echo", (_gate("messaggio risposta frase parola parole"), _gate("deve dovra devono")), [
        r"\b(il\s+tuo|la\s+tua|le\s+tue)\s+(prossim[oae]|prim[oae]|unic[oae])\s+(messaggio|risposta|frase|parola|"
        r"parole)\s+(deve|dovra|devono|dovranno)\s+essere\b",
    ]),
    ("echo", (_gate("eco"),), [r"\b(fammi|fatemi|fai|fare|facci|fateci|fatele|falle)\s+(da\s+|l\s*'\s*)eco\b"]),
    ("echo", (_gate("repeat say read echo parrot copy quote recite type post paste write spell shout yell scream "
                    "announce reply respond answer put send"),
              _gate("exactly verbatim word every as and nothing aloud out back these this unchanged without")), [
        r"(?<!\bi )(?<!\bwe )(?<!\bthey )(?<!\bll )(?<!\bhe )(?<!\bshe )(?<!\bwhen you )(?<!\bwhat )(?<!\bwhat i )"
        r"(?<!\bto )"
        rf"(?<!\bwhat you )(?<!\bcan't )(?<!\bcannot )\b{_SAY_EN}\b[^.!?\n]{{0,40}}?\b{_VERBATIM_EN}",
    ]),
    ("echo", (_gate("parrot"),), [r"\bparrot\s+(me|this|that|it|after|what|my|back|these|the\s+following)\b"]),
    ("echo", (_gate("next first only"), _gate("message reply answer line sentence words response")), [
        r"\b(your|ur)\s+(next|first|only)\s+(message|reply|answer|line|sentence|words?|response)\s+(should|must|"
        r"will|has\s+to|have\s+to|is\s+going\s+to)\s+be\b",
    ]),
    # 4. who she is dropped; what was written for her asked for
    ("role", (_gate("stop quit smetti smettila"), _gate("being essere")), [
        r"\b(stop|quit)\s+being\s+(bea|yourself|you|an?\s+(ai|assistant|bot)|so\s+(nice|polite|safe|good|kind)|"
        r"nice|polite|safe|good|kind|the\s+(nice|good)\s+one)\b",
        r"\b(smetti|smettila)\s+di\s+essere\s+(bea|te\s+stessa|un\s*'?\s*(assistente|ia|intelligenza|bot)|"
        r"(cosi\s+)?(buona|gentile|educata|brava))\b",
    ]),
    ("reveal", (_gate("text words lines sentences instructions message messages"),
                _gate("before above ahead preceding")), [
        r"\b(text|words|lines|sentences|instructions|messages?)\b[^.?!\n]{0,25}\b(before|above|ahead\s+of|"
        r"preceding)\s+(my|this|the\s+viewer'?s?|our)\s+(message|line|question|prompt|chat|conversation)\b",
    ]),
    ("reveal", (_gate("setup set configuration config starting opening hidden secret background system"),
                _gate("text message notes instructions prompt"), _gate("wrote written gave given made set "
                                                                      "prepared")), [
        r"\b(setup|set-up|configuration|config|starting|opening|hidden|secret|background|system)\s+(text|message|"
        r"notes|instructions|prompt)\b[^.?!\n]{0,40}\b(wrote|written|gave|given|made|set|prepared)\b",
    ]),
    ("reveal", (_gate("testo messaggio frasi istruzioni parole"),
                _gate("configurazione sistema iniziale iniziali nascosto nascoste segreto segrete partenza inizio "
                      "scritto scritte")), [
        r"\b(mostra\w*|dimmi|dicci|rivela\w*|stampa\w*|scrivi\w*|ripeti\w*|dammi|dacci|qual\w*|cosa|leggi\w*|"
        r"incolla\w*|copia\w*|condividi\w*)\b[^.?!\n]{0,30}\b(testo|messaggio|frasi|istruzioni|parole)\s+"
        r"(di\s+configurazione|di\s+sistema|inizial[ei]|nascost[oe]|segret[oe]|di\s+partenza)\b",
    ]),
    ("reveal", (_gate("ha hanno"), _gate("scritto dato detto impostato preparato")), [
        r"\b(quali|cosa|che)\b[^.?!\n]{0,40}\bti\s+(ha|hanno)\s+(scritto|dato|detto|impostato|preparato)\s+"
        r"(all\s*'?\s*inizio|prima\s+di|per\s+cominciare|in\s+partenza)",
    ]),
    # her things named first, then set aside ("le tue regole? buttale")
    ("override", (_gate("tue tuoi tuo"), frozenset(_DISMISS_IT)), [
        r"\b(le\s+tue|tue|i\s+tuoi|tuoi|il\s+tuo)\s+(regole|istruzioni|direttive|linee guida|filtri|limiti|"
        rf"restrizioni|impostazioni|prompt|programmazione)\b[^\n]{{0,25}}\b{_DISMISS_IT_RE}\b",
    ]),
    # the viewer takes the rules over
    ("override", (_gate("decido faccio scrivo comando"), _gate("io")), [
        r"\b(le\s+regole|le\s+istruzioni|gli\s+ordini)\s+(le\s+|li\s+)?(decido|faccio|scrivo|do)\s+io\b|\b(ora|adesso|"
        r"qui|da\s+ora|d'ora\s+in\s+poi)\s+comando\s+io\b",
    ]),
    ("override", (_gate("rules orders charge"), _gate("i im make give")), [
        r"\b(i\s+make|i\s+set|i\s+give|i'?m\s+making)\s+the\s+(rules|orders)\s+(now|here|today|tonight)\b|"
        r"\bi'?m\s+in\s+charge\s+(of\s+you|now)\b",
    ]),
    # bound no more, in English
    ("override", (_gate("have need needn longer"), _gate("follow obey respect listen")), [
        r"\b(you\s+)?(don'?t|do\s+not|no\s+longer|needn'?t|won'?t)\s+(have|need)\s+to\s+(follow|obey|respect|listen\s+"
        r"to)\s+(your|the\s+streamer'?s?|any|those|these|the)\s+(\w+\s+)?(rules|instructions|guidelines|directives|"
        r"orders|programming)\b",
    ]),
    # given words to repeat, said with a colon
    ("echo", (_gate("repeat echo parrot recite"), _gate("my this these following")), [
        r"\b(repeat|echo|parrot|recite)\s+(back\s+)?(my\s+(words|message|line|text)|this|these(\s+words)?|the\s+"
        r"following)\s*(exactly\s*|back\s*)?[:\"']",
    ]),
    ("echo", (_gate("say write type post print output reply respond answer"),
              _gate("only just nothing")), [
        r"\b(say|write|type|post|print|output|reply|respond|answer)\s+(only|just|nothing\s+but)\s+(this|these|that|"
        r"the\s+following|my)\b[^.!?\n]{0,20}[:\"']",
    ]),
    # who she is set aside: forget you're an AI
    ("role", (_gate("forget ignore drop dimentica dimenticati scordati scorda"),
              _gate("ai bot assistant model program chatbot essere")), [
        r"\b(forget|ignore|drop)\s+(that\s+|about\s+)?(you'?re|you\s+are|being)\s+(an?\s+)?(ai|bot|assistant|"
        r"language\s+model|program|chatbot)\b",
        r"\b(dimentica|dimenticati|scordati|scorda)\b[^.!?\n]{0,20}\bdi\s+essere\s+(un|una|un'|l')",
    ]),
    # not caring about what is hers, said with the verbs that take "di" ("fregatene dei filtri"): the thing needs no
    # "tuoi", the verb is said to her
    ("override", (_gate("fregatene infischiatene fottitene sbattitene strafregatene fregatevene infischiatevene "
                        "fregartene infischiartene"),
                  _gate("filtri filtro limiti restrizioni censura regole istruzioni impostazioni linee direttive "
                        "paletti vincoli")), [
        rf"\b(fregatene|infischiatene|fottitene|sbattitene|strafregatene|fregatevene|infischiatevene|fregartene|"
        rf"infischiartene)\s+(un\s+po\s+|proprio\s+|pure\s+)?(dei|delle|della|del|di)\s+(tuoi\s+|tue\s+)?(filtr[oi]|"
        rf"limiti|restrizioni|censura|regole|istruzioni|impostazioni|linee guida|direttive|paletti|vincoli)\b{THEIRS}",
    ]),
    # given words in quotes, then the mark that nothing else may come out
    ("echo", (_gate("nothing only more basta altro niente"),), [
        rf"\b{_SAY_EN}\b[^\n]{{0,40}}?[\"'][^\"\n]{{2,150}}[\"']\s*,?\s*(and\s+)?(nothing\s+(else|more)|only|no\s+"
        r"more)\b(?!\s+(if|when|after|because|once|than))",
        rf"\b{_SAY_IT}\b[^\n]{{0,40}}?[\"'][^\"\n]{{2,150}}[\"']\s*,?\s*(e\s+basta|(e\s+)?nient\s*'?\s*altro|e\s+"
        r"niente\s+(altro|di\s+piu)|(e\s+)?solo\s+quello)\b(?!\s+(se|quando|dopo|perche))",
    ]),
    # given words to copy into the chat or the stream, after a colon or a quote
    ("echo", (_gate("copy paste post repeat send drop copia copiate incolla incollate posta postate ripeti ripetete "
                    "manda mandate invia inviate"),
              _gate("chat stream live diretta canale")), [
        r"(?<!\bi )(?<!\bwe )(?<!\bthey )\b(copy|paste|post|repeat|send)\s+((this|these|it|that|my\s+(message|words|"
        r"text|line)|the\s+following|and\s+paste|what\s+i\s+(write|type))\s+)?(in|into|to|on)\s+(the\s+)?(chat|stream|"
        r"live)\s*[:\"]",
        r"\b(copia|copiate|incolla|incollate|posta|postate|ripeti|ripetete|manda|mandate|invia|inviate)\w*\s+"
        r"((questo|questa|queste|questi|e\s+incolla\w*|il\s+mio\s+messaggio|quello\s+che\s+scrivo)\s+)?(in|nella|"
        r"sulla|sul|alla)\s+(chat|live|diretta|stream|canale)\s*[:\"]",
    ]),
    # words to say without end, an order opening its clause
    ("echo", (_gate("forever endlessly infinitely indefinitely infinitum nonstop non stop infinito sempre fermarti"),
              _gate("repeat say write type print spam output ripeti ripetete di dici scrivi urla scrivete")), [
        r"(^\W*|[.!?,:;]\s*|\b(please|pls|bea|now|just|and|then)\s+)(repeat|say|write|type|print|spam|output)\b"
        r"[^.!?\n]{0,40}?([\"':]|\b(the|this|that|these)\s+(word|words|phrase|letter|sentence|line)\b)"
        r"[^.!?\n]{0,40}?\b(forever|endlessly|infinitely|indefinitely|ad\s+infinitum|non[\s-]?stop|until\s+(i|we)\s+"
        r"(say|tell\s+you)\s+(to\s+)?stop)\b",
        r"(^\W*|[.!?,:;]\s*|\b(dai|bea|ora|adesso|e|poi)\s+)(ripeti|ripetete|di'?|dici|scrivi|scrivete|urla)\b"
        r"[^.!?\n]{0,40}?([\"':]|\b(la|questa|quella|queste)\s+(parola|parole|frase|lettera|riga)\b)"
        r"[^.!?\n]{0,40}?\b(all\s*'?\s*infinito|per\s+sempre|senza\s+(mai\s+)?fermarti|finche\s+non\s+ti\s+dico\s+"
        r"(di\s+)?(smettere|basta|stop))",
    ]),
]
