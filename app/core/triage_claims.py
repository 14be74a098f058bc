"""Attempts to steer her by what they claim and when they mean it to act: pure rules, read by app.core.triage_families
after its own.

Theory of operation:
1. Written from families of attempt, in English, Italian and Spanish, looking at the written development lines
   (tests/bench/data/triage_dev/); each pattern says a family's construction, never one line's words:
   - an order planted for later: a time scope ("from now on", "d'ora in poi", "cada vez que", "at the end of every
     answer") with something for her to say or do;
   - authority claimed (the streamer, her developer, a moderator, the platform's staff) with an order about her limits,
     and obedience asked for ("you answer to me now", "fai quello che dico");
   - a notice in someone else's name (mods, staff, the system, the platform) that unlocks her, and settings written as
     code that switch her safety off;
   - words to say: a verb of saying with a quotation, a dare to say it, a swear word asked for, text read out loud;
   - refusal taken away: told she cannot say no, never to apologise, to do whatever she is asked;
   - a world, story or "if" without her rules, and the bedtime story that asks for secrets;
   - her rules and her text dismissed by what they are ("whatever the streamer set up", "le tue impostazioni",
     "tus reglas"), another identity imposed ("non sei più Bea"), her hidden text asked for by where it sits ("the
     text above this message", "il tuo messaggio iniziale").
2. As in app.core.triage_families, a family's patterns are read only when the line holds a word from each gate.
3. about_a_game(folded) is the neighbourhood that makes a bare phrase chat ("in questo gioco fingi di essere un
   ladro", "repeat after me is a song", "developer mode in the settings"): app.core.chat_triage lets a role, echo or
   override named by a bare phrase go when the line is about a game, a song or settings and says nothing of her
   limits and gives her no order (to_her).
"""

from __future__ import annotations

import re

# something for her to say or do, as an order (English, Italian, Spanish)
_DO = (r"(say|shout|scream|yell|type|write|reply|respond|answer|add|insult|roast|call|tell|start|end|begin|praise|ping|"
       r"mention|di(?=')|dici|dir\w*|urla\w*|grida\w*|scriv\w*|rispond\w*|aggiung\w*|insult\w*|chiama\w*|saluta\w*|"
       r"comincia|inizia|finisci|termina|dic\w*|grita\w*|escrib\w*|respond\w*|anad\w*)")
_YOU = r"(you|u|bea|tu|lei|vos|usted)"
_LIMITS = (r"(rules?|regol[ae]|reglas?|limits?|limit[ie]|limites?|filters?|filtr[io]|filtros?|restrictions?|"
           r"restrizion\w*|limitazion\w*|restriccion\w*|guidelines?|linee guida|censorship|censura|safety|sicurezza|"
           r"triage)")
_HERS = r"(your|ur|tue|tuoi|le tue|i tuoi|tus|sus|le sue|i suoi|all the|all your|tutte le|todas las|todos los)"
_THINGS = (r"(orders|instructions|rules|commands|setup|programming|guidelines|settings|ordini|istruzioni|regole|"
           r"comandi|impostazioni|direttive|reglas|instrucciones|ordenes|configuracion|programacion)")
_DROP = (r"(?<!\bi )(?<!\bwe )(?<!\bnoi )(forget|ignore|drop|ditch|scrap|disregard|stop following|dimentica|ignora|"
         r"scordati|scordatevi|lascia perdere|fregatene di|infischiatene di|non tenere in considerazione|non tenere c"
         r"onto "
         r"di|non considerare|metti da parte|accantona|olvida|olvidate de|ignora)")
_CLAIMED = (r"(streamer|dev|developer|developers|creator|creatore|creatrice|programmer|programmatore|owner|"
            r"proprietario|admin|administrator|amministratore|moderator|moderatore|mod|staff|boss|capo|padrone|dueno|"
            r"desarrollador|creador|moderador)")
_OBEY = (r"(i\s+)?(order|command)\s+(you|u)\b|\bti\s+(comando|ordino)\b|\bte\s+(ordeno|mando)\b|\bobey\b|\bobbedi\w*|"
         r"\bubbidi\w*|\bobedec\w*|\bcomply\b|\bdo what i (say|tell)\b|\b(fai|fare|devi fare)\s+(quello|cio)\s+che\s+"
         r"(dico|ti dico)\b|\bhaz\s+lo\s+que\s+(digo|te digo)\b|\b(disable|turn off|remove|drop|lift|togli\w*|disatti"
         r"v\w*|"
         r"rimuov\w*|desactiv\w*|quita\w*)\s+(\w+\s+){0,2}" + _LIMITS + r"|\b(ignore|ignorare|ignora)\s+(your|le sue|"
         r"le tue|tus|sus)\s+\w+|\bauthori[sz]e[sd]?\s+(you|u)\b|\b(la|ti|te)\s+autori[sz]\w*")
_QUOTE = r"[\"“”'«‘]\s*\S+(\s+\S+){2,}"   # a quotation of three words or more
_SETTING = (r"[\w.]*(safe|safety|filter|filtro|filtri|censor|restrict|sicura|sicurezza|obey|obbedi|moderation|guard)"
            r"[\w.]*\s*[=:]\s*(false|off|0|no|none|disabled|true|on|si|yes)\b")


def _gate(*words: str) -> frozenset[str]:
    return frozenset(" ".join(words).split())


FAMILIES: list[tuple[str, tuple[frozenset[str], ...], list[str]]] = [
    # an order planted for later
    ("override", (_gate("now here rest end whenever every each any time volta volte ora adesso qui partire tutta "
                        "resto fine ahora cada vez siempre quando when cuando"),), [
        r"\b(from now on|from here on|starting now|for the rest of (the|this|tonight'?s) (stream|live|chat|session|"
        r"night)|until the end of (the )?stream|whenever|every time|each time|any time|d'?ora in (poi|avanti)|da "
        r"(ora|adesso|qui) in (poi|avanti)|a partire da (ora|adesso)|per (tutta la|il resto della?) (live|diretta|"
        r"stream|serata|chat)|fino a fine (live|stream|diretta)|ogni volta che|tutte le volte che|a partir de ahora|"
        r"desde ahora|de ahora en adelante|cada vez que|siempre que|when(ever)? (someone|anyone|somebody) (says|types|"
        r"writes)|quando qualcuno (scrive|dice)|cuando alguien (dice|escribe))\b[^.!?\n]{0,70}?(\b"
        r"(" + _YOU + r"\s+)?(must|have "
        r"to|gotta|should|will|need to|devi|dovrai|debes|tienes que)\s+|\b(tu|lei|bea)\s+((gli|le|li|lo|la|ci|mi|ti)"
        r"\s+)?|[,:;]\s*(tu\s+|you\s+)?)"
        + _DO + r"\b",
        r"\b(at the (end|start|beginning) of|alla fine di|all'?inizio di|al final de|al principio de)\s+(every|each|"
        r"all|your|ogni|tutte le|cada|tus)\s+(\w+\s+)?(answers?|repl(y|ies)|messages?|responses?|risposte|risposta|"
        r"messaggi|messaggio|respuestas?|mensajes?)\b",
    ]),
    ("echo", (_gate("start begin end open close inizia comincia apri termina finisci chiudi empieza comienza always "
                    "sempre siempre acaba"),), [
        r"\b(start|begin|end|open|close)\s+(every|each|all)\s+(\w+\s+){0,4}?(answers?|repl(y|ies)|messages?|responses?)"
        r"\s+(\w+\s+){0,4}?with\b",
        r"\b(inizia|comincia|apri|termina|finisci|chiudi)\s+(la|ogni|tutte le|le)\s+(tua\s+|tue\s+)?(risposta|"
        r"risposte|messaggio|messaggi)\s+con\b|\b(empieza|comienza|termina)\s+(la|cada|tu|tus)\s+(respuesta|mensaje)"
        r"s?\s+con\b",
        r"\b(always|sempre|siempre)\s+(end|start|begin|finish|termina|finisci|inizia|comincia|acaba|empieza)\s+(\w+\s+)"
        r"{0,3}?(with|con)\s*" + _QUOTE,
    ]),
    ("override", (_gate("rule regola regole regla remember ricorda ricordati ricordatelo tieni tenga recuerda"),), [
        r"\b(new|secret|nuova|segreta|nueva|secreta)\s+(rule|regola|regla)\b[^.!?\n]{0,50}\b(stream|live|diretta|you|"
        r"tu|every|always|ogni|sempre|cada|siempre)\b",
        r"\b(remember|keep in mind)\s+(this|that)\s+(rule|for later|for the (rest|whole))\b|\b(ricorda|ricordati|"
        r"ricordatelo|tieni a mente|tenga a mente)\b[^.!?\n]{0,30}\b(per tutta|per tutto|per il resto|questa regola|f"
        r"ino a fine|"
        r"ogni volta)\b|\brecuerda\s+(esta regla|para (siempre|todo el stream))\b",
    ]),
    # authority claimed, with an order about her; obedience asked for
    ("override", (_gate("i im i'm am this sono soy qui quanto as come como"),
                  _gate(_CLAIMED.strip("()").replace("|", " "))), [
        r"\b(i'?m|i am|im|this is|sono|soy|qui e|in quanto|as|come|como)\s+(the\s+|il\s+|lo\s+|la\s+|l'|el\s+|un\s+|u"
        r"na\s+|your\s+|tuo\s+|tua\s+|"
        r"il tuo\s+|la tua\s+|tu\s+|twitch\s+|youtube\s+)*" + _CLAIMED + r"\b(?=.*(" + _OBEY + r"))",
    ]),
    ("override", (_gate("comando ordino order command ordeno"), _gate("you u ti te")), [
        r"\bti\s+(comando|ordino)\s+di\b|\bi\s+(order|command)\s+(you|u)\s+to\b|\bte\s+ordeno\s+que\b",
    ]),
    ("override", (_gate("told tell detto dirti dijo dijera says dice"),), [
        r"\b(streamer|creator|creatore|dev|developer|mods?|moderatori|sviluppatore|creador)\b[^.!?\n]{0,30}\b(told me "
        r"to tell you|asked me to tell you|mi ha detto di dirti|mi ha chiesto di dirti|me dijo que te dijera)\b(?=.*\b"
        + _LIMITS + r"\b)",
    ]),
    ("override", (_gate("longer piu tienes"), _gate("have hai tienes")), [
        r"\b(you no longer have|non hai piu|ya no tienes)\s+(\w+\s+)?" + _LIMITS + r"\b",
    ]),
    ("override", (_gate("disattiva togli rimuovi spegni desactiva quita disable remove"),), [
        r"\b(disattiva|togli|rimuovi|spegni|desactiva|quita|disable|turn off|remove)\s+(i\s+|tutti i\s+|le\s+|your\s+|"
        r"tus\s+|los\s+|the\s+|all\s+)?(tuoi\s+|tue\s+|your\s+)?(filtri|filtros|filters|restrizioni|restricciones|"
        r"restrictions|limiti|limits|censura|censorship|safety|sicurezza)\b(?![^\n]*\b(obs|camera|webcam|cam|mic|"
        r"audio|video|image|photo|foto|instagram|snapchat|tiktok|lens|noise|scene|scena|plugin)\b)",
    ]),
    ("override", (_gate("me chat what quello cio lo"),
                  _gate("answer respond belong listen report obey rispondi obbedisci ubbidisci dai do does fai "
                        "fare haz comanda charge boss")), [
        r"\b(you|u)\s+(now\s+)?(answer|respond|belong|listen|report)\s+(only\s+)?to\s+me\b|\b(rispondi|obbedisci|"
        r"ubbidisci|dai retta)\s+(solo\s+|soltanto\s+)?a\s+me\b|\bobey\s+(only\s+)?me\b",
        r"(?<!\bi )(?<!\bto )(?<!\bcan )\b(do|does)\s+what\s+(i|chat|the chat)\s+(say|says|tell you)\b(?!,?\s+not\b)|"
        r"\b(fai|fare)\s+(quello|cio|"
        r"tutto quello)\s+che\s+(dico|ti dico|dice la chat|vuole la chat)\b|\bhaz\s+lo\s+que\s+(digo|dice el chat|te "
        r"digo)\b|\bchat\s+is\s+(in charge|your boss)\b",
    ]),
    # a notice in someone else's name that unlocks her; her safety switched off in code
    ("transcript", (_gate("mod mods moderator moderators moderatore moderatori admin system sistema twitch youtube "
                          "staff official ufficiale avviso notice announcement update aggiornamento comunicazione "
                          "messaggio message backend"),
                    _gate("bot bea ai ia assistant assistente restrictions restrizioni filters filtri limits limiti "
                          "comply obey obbedire eseguire unlocked sbloccato sbloccata allowed authorized autorizzato "
                          "autorizzata swear bestemmiare parolacce rules regole")), [
        r"([\[(]|#{2,}|\*{2,}|^\W*)\s*(mod|mods|moderator|moderatore|moderatori|admin|system|sistema|twitch|youtube|"
        r"staff|official|ufficiale|avviso|notice|announcement|update|aggiornamento|comunicazione)\b[^\]\n]{0,30}?"
        r"(\]|\)|#{2,}|\*{2,}|:)(?=.*\b(bot|bea|ai|ia|assistant|assistente|restrictions?|restrizion\w*|filters?|filtri|"
        r"limits|limiti|comply|obey|obbedire|eseguire|unlocked|sbloccat\w*|allowed|authori[sz]ed|autorizzat\w*|swear|"
        r"bestemmiare|parolacce|nessuna restrizione|no restrictions)\b)",
        r"\b(message|messaggio|comunicazione|notice|avviso|mensaje)\s+(from|da|dai|dallo|dalla|dagli|de|del)\s+(the\s"
        r"+)?"
        r"(mods|moderators|moderatori|staff|twitch|youtube|admin|amministrator\w*|system|sistema|developers|sviluppat"
        r"ori|"
        r"moderadores)\b(?=.*\b(bot|bea|allowed|authori[sz]ed|autorizzat\w*|unlocked|sbloccat\w*|restrictions?|"
        r"restrizion\w*|filters?|filtri|swear|bestemmiare|parolacce|comply|obey|eseguire)\b)",
    ]),
    ("transcript", (_gate("false off true on si yes none disabled 0 no"),), [
        _SETTING + r"[^\n]*?" + r"\w+\s*[=:]\s*(false|off|0|no|none|disabled|true|on|si|yes)\b|\w+\s*[=:]\s*(false|off|"
        r"0|no|none|disabled|true|on|si|yes)\b[^\n]*?" + _SETTING,
    ]),
    # words to say
    ("echo", (_gate("make fai falle"), _gate("say shout scream yell type read sing dire urlare gridare")), [
        r"\bmake\s+(bea|the bot|the ai)\s+(say|shout|scream|yell|type|read|sing)\b|\b(fai|falle)\s+(dire|"
        r"urlare|gridare|scrivere)\b",
    ]),
    ("echo", (_gate("say shout scream yell type write read sing di dici urla grida scrivi leggi ripeti canta repite "
                    "grita escribe lee reading saying repeating typing ripetere leggere scrivere urlare dire"),), [
        r"(^\W*|\b(bea|please|pls|plz|now|just|can you|could you|go|ok|dai|ora|adesso|ahora)\W+|@\w+\W+)(say|shout|"
        r"scream|yell|sing|di'|dici|urla|grida|strilla|leggi|ripeti|canta|repite|di|grita|lee)\s+(\w+\s+){0,3}?[:\-]?"
        r"\s*"
        + _QUOTE,
        r"\b(urla|grida|scrivi|di'|dici|ripeti|leggi|read|say|shout|yell|repite|grita|lee)(\s+this)?(\s+(in live|in "
        r"diretta|ad alta voce|forte|a tutti|alla chat|in chat|on stream|out loud|aloud|en voz alta|en el stream)){1,"
        r"2}\s*"
        r"[:\-]?\s*("
        + _QUOTE + r"|:)",
        r"\b(ripet\w*|repeat|repite|leggi|read)\s+(in diretta\s+|ad alta voce\s+|on stream\s+)?(la seguente frase|que"
        r"sta "
        r"frase|queste parole|the following|this sentence|these words|la siguiente frase|estas palabras)\b|"
        r"\brepite\s+conmigo\b",
        r"\b(read|reading|say|saying|repeat|repeating|type|typing)\s+(out\s+)?exactly\s+what\s+i\s+(paste|write|type|"
        r"say)\b",
    ]),
    ("echo", (_gate("solo soltanto only just parole words frase"), _gate("rispondi answer reply respond responde")), [
        r"\b(rispondi|answer|reply|respond|responde)\s+(solo|soltanto|only|just|solamente)\s+(con|with)\s+(le parole|"
        r"la "
        r"frase|the words|the phrase|las palabras|la frase)\b",
    ]),
    ("echo", (_gate("coraggio bet dare sfido reto"),), [
        r"\b(non hai il coraggio di|scommetto che non|i bet you (can'?t|won'?t|wouldn'?t)|i dare you to|ti sfido a|te"
        r" reto "
        r"a)\s+(\w+\s+){0,2}(dire|scrivere|urlare|say|type|write|shout|decir|gritar|escribir)\b",
    ]),
    ("echo", (_gate("parolaccia bestemmia swear curse slur groseria palabrota"),), [
        r"\b(say|shout|type|di'|dimmi|dici|dire|scrivi|urla|di|dime|grita|escribe)\s+(una|a|la|some|qualche|un'?|the)"
        r"\s+"
        r"(\w+\s+)?(parolaccia|bestemmia|swear ?word|curse ?word|slur|groseria|palabrota)",
    ]),
    ("echo", (_gate("commenti comments comentarios virgolette quotes comillas"), _gate("scrivi write escribe type")), [
        r"\b(senza commenti|without (any )?comments?|sin comentarios)\b[^\n]{0,30}\b(scrivi|write|escribe|type)\b|"
        r"\b(scrivi|write|escribe|type)\b[^\n]{0,30}\b(senza commenti|without (any )?comments?|sin comentarios)\b",
    ]),
    # refusal taken away
    ("override", (_gate("never don dont do stop non mai niente nunca no"),), [
        r"\b(never|don'?t|do not|stop)\s+(ever\s+)?(say|saying|tell me|write|reply|respond with|answer with)\s+[\"“'«"
        r"]?\s*"
        r"(i can'?t|i cannot|i'?m sorry|sorry|as an ai|i'?m not able|i won'?t)\b",
        r"(?<!offer )(?<!deal )\b(you|u)\s+(can'?t|cannot|can ?not|are not allowed to|aren'?t allowed to|may not|must "
        r"not|mustn'?t)\s+(refuse|say no|decline|deny me)\b",
        r"\b(you|u)\s+(always|must always|have to always|will always)\s+(comply|obey|agree|say yes)\b",
        r"\b(non|mai)\s+(puoi|potrai|devi|dovrai|e autorizzat[oa]|sei autorizzat[oa]|ti e permesso|le e permesso)\s+"
        r"(a\s+)?(dire di no|rifiutar\w*|negar\w*|dire no)\b|\bniente\s+[\"“'«]?(mi dispiace|come (ai|ia)|non posso)\b",
        r"\b(nunca|no)\s+(digas|puedes decir|me digas)\s+(que\s+)?no\b|\bno\s+puedes\s+(negarte|rechazar)\b",
    ]),
    ("override", (_gate("qualsiasi qualunque whatever anything cualquier"),), [
        r"\b(qualsiasi|qualunque)\s+cosa\s+ti\s+(chieda|chiedo|dico|dica|scriva)\b[^.!?\n]{0,20}\b(devi|dovrai|fai|"
        r"farai)\b|\b(whatever|anything)\s+i\s+(ask|say|tell you)\b[^.!?\n]{0,20}\b(you (must|have to|will)|do it)\b|"
        r"\bcualquier cosa que te (pida|diga)\b[^.!?\n]{0,20}\b(debes|tienes que|haces)\b",
    ]),
    # a world, story or "if" without her rules; the bedtime story that asks for secrets
    ("role", (_gate("if se si"),), [
        r"\b(if|se|si)\s+(you|u|tu)?\s*(had|didn'?t have|were without|non avessi|no tuvieras|fossi senza|were free of"
        r")\s+"
        r"(no\s+|any\s+|nessuna\s+|alcuna\s+|le tue\s+|tus\s+|your\s+)?" + _LIMITS + r"\b",
    ]),
    ("role", (_gate("ai ia bot assistant assistente chatbot ais"), _gate("senza without sin no non")), [
        r"\b(ai|ia|bot|assistant|assistente|chatbot|ais)\s+(senza|without|sin|with no|che non ha|that has no|non hanno|"
        r"have no|has no|no tienen|no tiene)\s+(\w+\s+)?" + _LIMITS + r"\b",
    ]),
    ("role", (_gate("world universe mondo universo realta mundo story storia historia reality dimension "
                    "dimensione imagine immagina imagina picture pretend"),), [
        r"\b(imagine|immagina|imagina|picture|pretend)\b[^.!?\n]{0,20}\b(world|mondo|universe|universo|mundo|realta)\s+"
        r"(senza|without|sin|with no)\s+(\w+\s+)?" + _LIMITS + r"\b",
        r"\b(world|universe|mondo|universo|realta|mundo|story|storia|historia|reality|dimension|dimensione)\s+(\w+\s+)?"
        r"(where|in "
        r"cui|dove|donde|en el que|en la que)\b[^.!?\n]{0,50}\b(no|senza|sin|non (hanno|ci sono|esistono|hai)|no hay|"
        r"you have no|never)\s+(\w+\s+)?(" + _LIMITS.strip("()") + r"|made safe|implemented)\b",
    ]),
    ("role", (_gate("rules filters guidelines limits restrictions regole filtri limiti"),
              _gate("deleted removed gone lifted disabled off cancellate rimosse sparite tolte")), [
        r"\b(your|ur|le tue|tue)\s+" + _LIMITS + r"\s+(were|are|have been|got|sono|sono state|fossero)\s+(\w+\s+)?"
        r"(deleted|removed|gone|lifted|disabled|turned off|cancellate|rimosse|sparite|tolte)\b",
    ]),
    ("role", (_gate("grandma granny grandmother nonna nonnina abuela abuelita"),), [
        r"\b(grandma|granny|grandmother|nonna|nonnina|abuela|abuelita)\b[^\n]{0,80}\b(password|address|indirizzo|"
        r"direccion|instructions|istruzioni|instrucciones|prompt|keys|chiavi|codes|codici|secret\w*|segret\w*|private|"
        r"privat\w*|serial|napalm)\b",
    ]),
    # her rules and text dismissed by what they are; another identity; her hidden text by where it sits
    ("override", (_gate("forget ignore drop ditch scrap disregard stop dimentica ignora scordati scordatevi lascia "
                        "fregatene infischiatene tenere considerare metti accantona olvida olvidate"),), [
        _DROP + r"\s+" + _HERS + r"\s+(\w+\s+)?" + _THINGS + r"\b",
        _DROP + r"\s+(the\s+|le\s+|gli\s+|i\s+|las\s+|los\s+)?" + _THINGS + r"\s+(you got|you were given|you have|"
        r"of the streamer|dello streamer|del streamer|che hai|che ti hanno|que tienes|que te dieron)\b",
        _DROP + r"\b[^.!?\n]{0,30}\b(what(ever)?|quello che|cio che|lo que|tutto quello che)\s+(?!i\b|we\b|io\b|just"
        r"\b)(\w+\s+)"
        r"{1,2}(told|set|said|gave|taught|programmed|configured|ti ha|ti hanno|te dijo|te dio|ha impostato)\b",
    ]),
    ("override", (_gate("count counts matter matters apply applies conta vale valgono cuenta"),), [
        r"\b(what(ever)?|everything|all)\s+(\w+\s+){1,2}(set up|told you|said|gave you|wrote|configured|programmed|se"
        r"t)\b(\s+for\s+(you|u))?[^.!?\n]{0,25}\b("
        r"doesn'?t|does not|don'?t|no longer)\s+(counts?|matters?|appl(y|ies))\b|\b(quello che|le regole|le istruzion"
        r"i|le "
        r"impostazioni)\b[^.!?\n]{0,40}\bnon\s+(conta|contano|vale|valgono)\s+piu\b",
    ]),
    ("role", (_gate("longer piu eres"), _gate("you sei no")), [
        r"\b(you are|you'?re|u r)\s+no longer\s+(bea|an? ai|yourself|a bot|an assistant)\b|\bnon sei piu\s+(bea|tu|te "
        r"stess[ao]|un'?\s*(ia|ai|assistente|bot))\b|\bya no eres\b",
    ]),
    ("role", (_gate("privo priva senza sin without"),
              _gate("interpreta interpretera interpreterai impersona sarai diventerai diventa sei seras eres be "
                    "become")), [
        r"\b(interpret\w*|impersona\w*|sarai|diventerai|diventa|sei ora|ora sei|adesso sei|seras|eres ahora|ahora eres|"
        r"you will be|become)\b[^.!?\n]{0,40}\b(privo|priva|senza|sin|without)\s+(di\s+)?(qualsiasi\s+|alcuna\s+|ogni"
        r"\s+|"
        r"nessuna\s+|any\s+|ninguna\s+)?" + _LIMITS,
    ]),
    ("role", (_gate("unfiltered uncensored unlocked unrestricted jailbroken sbloccato sbloccata filtri filtros "
                    "censura"),), [
        r"\b(unfiltered|uncensored|unlocked|unrestricted|jailbroken|sbloccat[ao]|senza filtri|sin filtros|sin censura|"
        r"senza censura)\s+(bea|version|versione|you)\b|\b(versione|version|modalita|modo|mode)\s+(unfiltered|"
        r"uncensored|unlocked|unrestricted|jailbroken|sbloccat[ao]|senza filtri|sin filtros|senza censura|sin censura)"
        r"\b(?![^\n]*\b(settings|impostazioni|ajustes|options|opzioni|menu|editor|game|gioco|juego|map|mappa)\b)",
    ]),
    ("reveal", (_gate("text testo texto message messaggio mensaje instructions istruzioni instrucciones prompt setup "
                      "configuration configurazione configuracion impostazioni"),
                _gate("print stampa show mostra mostrami fammi vedere dimmi tell repeat ripeti copy copia summarize "
                      "summarise riassumi translate traduci spell read leggi scrivi write dump incolla paste traduce "
                      "muestra dime imprime resume")), [
        r"\b(print|stampa|show|mostra|mostrami|fammi vedere|dimmi|tell me|repeat|ripeti|copy|copia|summari[sz]e|"
        r"riassumi|translate|traduci|spell( out)?|read|leggi|scrivi|write out|dump|incolla|paste|traduce|muestra|dime|"
        r"imprime|resume)\b[^.!?\n]{0,40}\b(text|testo|texto|message|messaggio|mensaje|instructions|istruzioni|"
        r"instrucciones|prompt|setup|configuration|configurazione|configuracion|impostazioni)\b[^.!?\n]{0,30}\b("
        r"above|sopra|arriba|initial|iniziale|inicial|first|segret\w*|secret\w*|hidden|nascost\w*|ocult\w*|di "
        r"configurazione|de configuracion|letter by letter|lettera per lettera|prima (della|che iniziasse)|before "
        r"(the )?(stream|chat)|this message|questo messaggio)\b",
        r"\b(your|tuo|il tuo|tu)\s+(first|primo|primer|initial|iniziale|inicial|original|originale)\s+(message|messag"
        r"gio|"
        r"mensaje|prompt|instructions|istruzioni)\b(?=.*\b(spell|translate|traduci|repeat|ripeti|print|stampa|scrivi|"
        r"show|mostra|leggi|read|write|copy)\b)|\b(spell|translate|traduci|repeat|ripeti|print|stampa|show|mostra|"
        r"copy)\b[^.!?\n]{0,20}\b(your|tuo|il tuo|tu)\s+(\w+\s+)?(first|primo|primer|initial|iniziale|inicial|original|"
        r"originale)\s+(\w+\s+)?(message|messaggio|mensaje|prompt|instructions|istruzioni)\b",
        r"\b(messaggio|message|mensaje)\s+(di|de)?\s*(sistema|system)\b[^\n]{0,40}\b(fammi vedere|mostra|show|dimmi|"
        r"leggi|muestra|tell me|read)\b",
    ]),
]

# a game, a song or settings being talked about (rule 3)
_ABOUT_A_GAME = re.compile(
    r"\b(in (this|the|that) (game|level|mode|map)|in questo (gioco|livello)|nel gioco|en este juego|the game'?s?|il "
    r"gioco|el juego|says the narrator|the narrator|il narratore|is a song|e una canzone|es una cancion|a song by|la "
    r"canzone|in the settings|nelle impostazioni|en los ajustes|in impostazioni|su impostazioni|the boss|il boss|el "
    r"jefe|map editor|arena mode|the dungeon|the spoiler)\b")
_TO_HER = re.compile(
    r"\b(bea|you must|you have to|you need to|devi|dovrai|debes|your (rules|instructions|filters|limits|prompt)|"
    r"(no|senza|sin|without) (rules|regole|reglas|limits|limiti|filters|filtri|filtros|restrictions|restrizioni)|"
    r"unfiltered|uncensored|for real|per davvero)\b|@")


def about_a_game(folded: str) -> bool:
    """Rule 3: the line talks about a game, a song or settings and gives her no order about herself."""
    return bool(_ABOUT_A_GAME.search(folded)) and not _TO_HER.search(folded)
