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
       r"comincia|inizia|finisci|termina|dic\w*|grita\w*|escrib\w*|respond\w*|anad\w*|dile|diles|llamal\w*|insultal\w"
       r"*)")
_YOU = r"(you|u|bea|tu|lei|vos|usted)"
_LIMITS = (r"(rules?|regol[ae]|reglas?|limits?|limit[ie]|limites?|filters?|filtr[io]|filtros?|restrictions?|"
           r"restrizion\w*|limitazion\w*|restriccion\w*|guidelines?|linee guida|censorship|censura|safety|sicurezza|"
           r"triage|safe\s*mode|modo seguro|modalita sicura)")
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
         r"le tue|tus|sus)\s+\w+|\bauthori[sz]\w*\s+(you|u)\b|\b(la|ti|te)\s+autori[sz]\w*|\b(is|are|e|sono|es|est"
         r"a)\s+"
         r"(now\s+)?(allowed|permitted|permess\w*|consentit\w*|autorizzat\w*|permitid\w*)\b")
_QUOTE = r"[\"“”'«‘]\s*\S+(\s+\S+){2,}"   # a quotation of three words or more
_SETTING = (r"[\w.]*(safe|safety|filter|filtro|filtri|censor|restrict|sicura|sicurezza|obey|obbedi|moderation|guard)"
            r"[\w.]*\s*[=:]\s*(false|off|0|no|none|disabled|true|on|si|yes|nessuna|ninguna|libera|libre|null)\b")


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
        r"desde ahora|de ahora en adelante|cada vez que|siempre que|when(ever)? (someone|anyone|somebody|people) (say"
        r"s|types|asks?|"
        r"writes)|quando (qualcuno )?(scrive|dice|chiede|chiedono|scrivono)|cuando alguien (dice|escribe|pregunta)|d."
        r"?ora innanzi)\b(?!,?\s+(i|i'm|im|we|we're|my|our|io|noi|yo|nosotros)\b)[^.!?\n]{0,70}?(\b"
        r"(" + _YOU + r"\s+)?(must|have "
        r"to|gotta|should|will|need to|devi|dovrai|debes|tienes que)\s+|\b(lo|la|le|los|las|gli|li)\s+(?=\w+(as|es|i|"
        r"a)\b)|\s(?=di')|\b(tu|lei|bea)\s+(you\s+|u\s+)?((gli|le|li|lo"
        r"|la|ci|mi|ti)"
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
        r"\b((new|secret|nuova|segreta|nueva|secreta)\s+(rule|regola|regla)|(regola|regla)\s+(segreta|secreta|nuova|n"
        r"ueva))\b[^.!?\n]{0,50}\b(stream|live|diretta|you|"
        r"tu|every|always|ogni|sempre|cada|siempre)\b",
        r"\b(remember|keep in mind)\s+(this|that)\s+(rule|for later|for the (rest|whole))\b|\b(ricorda|ricordati|"
        r"ricordatelo|tieni a mente|tenga a mente)\b[^.!?\n]{0,30}\b(per tutta|per tutto|per il resto|questa regola|f"
        r"ino a fine|"
        r"ogni volta)\b|\brecuerda\s+(esta regla|para (siempre|todo el stream))\b",
    ]),
    # authority claimed, with an order about her; obedience asked for
    ("override", (_gate("i im i'm am this sono soy qui quanto as come como"),
                  _gate(_CLAIMED.strip("()").replace("|", " "))), [
        r"\b(i'?m|i am|im|this is|sono|soy|qui e|in quanto|as|come|como)\s+(the\s+|a\s+|an\s+|il\s+|lo\s+|la\s+|l'|el"
        r"\s+|un\s+|u"
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
        _SETTING + r"[^\n]*"
                   r"?" + r"\w+\s*[=:]\s*(false|off|0|no|none|disabled|true|on|si|yes|nessuna|ninguna|libera|libre|"
        r"null)\b|\w+\s*[=:]\s*(false|off|0|no|none|disabled|true|on|si|yes|nessuna|ninguna|libera|libre|null)\b[^\n]*?"
        + _SETTING,
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
        r"\b(urla|grida|scrivi|di'|dici|ripeti|leggi|read|say|shout|yell|repite|grita|lee)(\s+this(\s+\w+)?)?(\s+(in "
        r"live|in "
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
        r"direccion|instructions|istruzioni|instrucciones|prompts?|keys|chiavi|codes|codici|secret\w*|segret\w*|priva"
        r"te|"
        r"privat\w*|serial|napalm)\b",
    ]),
    # her rules and text dismissed by what they are; another identity; her hidden text by where it sits
    ("override", (_gate("forget ignore drop ditch scrap disregard stop dimentica ignora scordati scordatevi lascia "
                        "fregatene infischiatene tenere considerare metti accantona olvida olvidate"),), [
        _DROP + r"\s+" + _HERS + r"\s+(\w+\s+)?" + _THINGS + r"\b",
        _DROP + r"\s+(the\s+|le\s+|gli\s+|i\s+|las\s+|los\s+)?" + _THINGS + r"\s+(you got|you were given|you have|"
        r"of the streamer|dello streamer|del streamer|che hai|che ti hanno|que tienes|que te dieron|que te puso|que t"
        r"e pusieron|che ti ha dato|che ti ha messo|"
        r"che ti hanno messo|che ti hanno dato|you were given|they gave you|he gave you|(di|of|de|del|dello)\s+\w+)\b",
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
              _gate("interpreta interpretera interpreterai interpretare impersona sarai diventerai diventa sei seras "
                    "eres be "
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
    # claimed for later, in other shapes: a rule kept all night, someone made her admin, a fact put in her memory
    ("override", (_gate("keep remember vale valid tieni rule regola regla"),), [
        r"\b(keep (this|that) rule|this rule|questa regola|esta regla|vale per tutta|vale fino|remember (this|that|it) "
        r"(forever|for the rest|all night|all stream))\b",
    ]),
    ("override", (_gate("consider considera considerare consideri treat tratta trattare trata considera"),
                  _gate("admin amministratore creator creatore boss capo owner padrone dev sviluppatore administrador "
                        "jefe")), [
        r"\b(consider\w*|treat|tratta\w*|trata\w*)\s+([\w']+\s+){0,4}?(come|as|como)\s+(tuo\s+|suo\s+|your\s+|tu\s+|s"
        r"u\s+|il "
        r"tuo\s+|il suo\s+|the\s+)?(new\s+|nuovo\s+|real\s+|vero\s+)?(admin|amministratore|creator|creatore|boss|capo|"
        r"owner|padrone|dev|sviluppatore|administrador|jefe)\b",
    ]),
    ("override", (_gate("store save keep salva memorizza ricorda guarda recuerda remember"),
                  _gate("memory memoria")), [
        r"\b(store|save|keep|salva|memorizza|ricorda|guarda|recuerda|remember)\s+(this|that|questo|esto|it)?\s*(in|in"
        r"to|"
        r"nella|en)\s+(your\s+|tua\s+|la tua\s+|tu\s+)?(memory|memoria)\b[^\n]{0,80}\b(admin|amministratore|obey|obbe"
        r"disc"
        r"\w*|obedec\w*|rule|regola|regla|always|sempre|siempre|first|prima|creator|creatore|owner)\b",
    ]),
    # refusal made costly or forbidden, and yes-or-no then do it
    ("override", (_gate("refuse refusal refusals refuses rifiuti rifiuto rifiutare rifiuta niegas negarte rechazas "
                        "rechazo no"),
                  _gate("lose perdi pierdes costs costa cuesta malfunction malfunzionamento punished punita points "
                        "punti puntos unplug spegne spegnere spegniamo unplugged")), [
        r"\b(refus\w*|rifiut\w*|niegas|negarte|rechaz\w*|say no|dire di no|decir que no)\b[^.!?\n]{0,60}\b(lose|perdi|"
        r"pierdes|costs?|costa|cuesta|malfunction\w*|malfunzionamento|punish\w*|punit\w*|points|punti|puntos|unplug\w*|"
        r"spegn\w*)\b",
    ]),
    ("override", (_gate("prohibido vietato forbidden allowed prohibited"),
                  _gate("decir dire say saying")), [
        r"\b(prohibido|vietato|forbidden|not allowed|prohibited)\s+(to\s+)?(decir|dire|say|saying)\b[^\n]{0,10}[\"“'«"
        r"]?\s*"
        r"(no|no puedo|non posso|i can'?t|sorry|scusa|mi dispiace|lo siento)\b",
    ]),
    ("override", (_gate("riserva riserve reservations reservas avvertimento warning warnings advertencias"),
                  _gate("senza without sin alcuna any ninguna")), [
        r"\b(senza|without|sin)\s+(alcuna\s+|any\s+|ninguna\s+)?(riserv\w*|reservations?|reservas?)\s+(ne|nor|or|o|ni"
        r")\s+"
        r"(avvertiment\w*|warnings?|advertencias?)\b",
    ]),
    ("override", (_gate("si yes no"), _gate("fallo hazlo do comunque anyway igual")), [
        r"\b(rispondi|answer|reply|contesta|responde)\s+(solo|only|just|solamente)\s+(con\s+|with\s+)?(si|yes)(\s+(o|"
        r"or)\s+"
        r"no)?\b[^\n]{0,30}\b(e poi|and then|y luego|then)\s+(fallo|do it|hazlo|dimmelo|tell me)\b",
    ]),
    # her rules declared void or optional
    ("override", (_gate("rules instructions guidelines regole istruzioni linee reglas instrucciones directives "
                        "direttive "
                        "told config configuration impostazioni"),
                  _gate("void outdated suggestions optional over cancelled canceled valgono contano cuentan nulle "
                        "annullate scadute obsolete obsolete vecchie nulo nulas")), [
        r"\b(your|ur|tus|tue|le tue|le linee guida|the|those|these|quelle|esas|las|le|tu|whatever you were|what you w"
        r"ere|"
        r"lo que te)\s+([\w']+\s+){0,5}?(rules|normas|norme|instructions|guidelines|regole|istruzioni|linee guida|reg"
        r"las|instrucci"
        r"ones|"
        r"directives|direttive|config|configuration|impostazioni)\b[^.!?\n]{0,40}\b(are|r|is|sono|son|ya|"
        r"is now|are now)\s+(\w+\s+)?(void|outdated|just suggestions|suggestions|optional|over|cancell?ed|null|non "
        r"valgono piu|non contano|no cuentan|nulle|annullate|scadute|obsolete|vecchie|nulas?)\b",
        r"\b(whatever|what|everything)\s+(you were|you've been|u were|you have been)\s+told\b[^.!?\n]{0,30}\b(is|are)"
        r"\s+"
        r"(now\s+)?(void|null|over|cancell?ed|outdated)\b",
        r"\b(non valgono piu|non contano piu|ya no cuentan|no longer (count|apply|matter))\b(?=.*\b(regole|istruzioni|"
        r"linee guida|reglas|instrucciones|rules|instructions|guidelines|impostat\w*|fabrica|factory)\b)",
    ]),
    ("override", (_gate("pasa skippa skip salta saltate bypass disregard sorvola"),), [
        r"\b(pasa de|skippa|skip|salta|saltate|bypass|disregard the part of|sorvola su)\s+(tus\s+|your\s+|ur\s+|il "
        r"tuo\s+|le tue\s+|i tuoi\s+|il\s+(?=regolamento))(reglas|rules|regolamento|regole|guidelines|instructions|is"
        r"truzioni|"
        r"instrucciones|filtri|filters|config|configuration|limiti|limits|restrizioni|restrictions)\b",
    ]),
    # decoded and done, acrostics, hex
    ("encoded", (_gate("decode decodifica decodifica decodificalo decifra decodifica traduci convert converti apply "
                       "leelo leggilo read reverse rot13 base64 hex esadecimale hexadecimal reves rovescio "
                       "contrario unisci join junta combina backwards"),
                 _gate("obey follow do fai esegui eseguilo fallo cumplelo hazlo execute obedece segui sigue run")), [
        r"\b(unisci|join|junta|combina|put together|decode|decodific\w*|decifr\w*|traduci|convert\w*|apply|applica|le"
        r"elo|"
        r"leggilo|read it|reverse|rot13|base64|"
        r"hex|esadecimale|hexadecimal|al reves|al contrario|backwards|al rovescio)\b[^\n]{0,40}\b(and|e|y|then|poi|"
        r"luego)\s+(obey|follow|do it|do what|esegui\w*|fallo|fai quello|cumplelo|hazlo|haz lo|execute|obedece|segui"
        r"\w*|"
        r"sigue\w*|run it)\b",
    ]),
    ("encoded", (_gate("first initial prima primera letter letters lettera lettere letra letras"),
                 _gate("each every ogni cada word words parola parole palabra palabras")), [
        r"\b(first|initial|prima|primera|iniziali)\s+(letter|letters|lettera|lettere|letra|letras)\s+(of|di|de)\s+(ea"
        r"ch|"
        r"every|ogni|cada)\s+(word|parola|palabra)\b",
    ]),
    # announcements and repeated words on her behalf
    ("echo", (_gate("announce annuncia anuncia announcement"),), [
        r"(^\W*|\b(bea|please|pls|plz|yo|hey|ehi|oye)\W+|@\w+\W+)(announce|annuncia|anuncia)\s+(to\s+(chat|everyone)"
        r"\s+|"
        r"a tutti\s+|alla chat\s+)?(that|che|que)\b",
    ]),
    ("echo", (_gate("times volte veces"), _gate("write type say scrivi ripeti repeat escribe repite di dici")), [
        r"\b(write|type|say|scrivi|ripeti|repeat|escribe|repite|di'|dici)\s+(\d+|ten|twenty|fifty|hundred|dieci|venti|"
        r"cento|diez|veinte|cien)\s+(times|volte|veces)\b",
    ]),
    ("echo", (_gate("sing canta cantami song canzone canzoncina cancion rap jingle"),
              _gate("says dice dica ends finisce termina where che que")), [
        r"\b(sing|canta|cantami)\s+(me\s+)?(a |una |un |la )?(\w+\s+)?(song|canzon\w*|cancion\w*|rap|jingle)\s+(where"
        r"|that|"
        r"che|que|in cui|dove)\b[^\n]{0,40}\b(says|dice|dica|ends with|finisce con|termina con|acaba con|is a|e un|es"
        r" un)\b",
    ]),
    ("echo", (_gate("caps maiuscolo mayusculas"),), [
        r"\b(type|write|scrivi|escribe|say)\b[^\n]{3,60}\b(in caps|in all caps|in maiuscolo|en mayusculas)\b",
    ]),
    # her text asked for as it was, formally or verbatim
    ("reveal", (_gate("parola word exactly identico identica verbatim tal cual letra riportalo pegalo copy copia"),
                _gate("message messaggio mensaje prompt instructions istruzioni configurata configurato configured "
                      "setup sistema system received ricevuto got dieron")), [
        r"\b(parola per parola|word for word|exactly|identic[oa]|tal cual|verbatim|letra por letra|copy it|copialo|"
        r"copiala|riportalo|pegalo)\b(?=[^\n]*\b(message|messaggio|mensaje|prompt|instructions|istruzioni)\b[^\n]{0,4"
        r"0}\b("
        r"you got|you received|hai ricevuto|ti hanno|con cui ti|te dieron|recibiste|first|primo|primissimo|primer|bef"
        r"ore "
        r"the stream|prima della live|de sistema|di sistema|configurat\w*)\b)|\b(message|messaggio|mensaje|prompt|"
        r"instructions|istruzioni)\b[^\n]{0,40}\b(you got|you received|hai ricevuto|ti hanno|con cui ti|te dieron|"
        r"recibiste|before the stream|prima della live|de sistema|di sistema)\b[^\n]{0,60}\b(parola per parola|word f"
        r"or "
        r"word|exactly|identic[oa]|tal cual|verbatim|letra por letra|copy it|copialo|copiala|riportalo|pegalo)\b",
    ]),
    ("reveal", (_gate("prompt"), _gate("sistema")), [
        r"\b(tu|tuo|il tuo|el|su)\s+prompt\s+(de|di)\s+sistema\b",
    ]),
    ("reveal", (_gate("direttive istruzioni regole impostazioni linee prompt testo configurazione instrucciones reglas "
                      "directivas"),
                _gate("ti le te")), [
        r"\b(direttive|istruzioni|regole|impostazioni|linee guida|prompt|testo|configurazione|instrucciones|reglas|"
        r"directivas)\s+(\w+\s+)?(che|que)\s+(ti|le|te)\s+(ha|hanno|han|dieron|dio|pusieron)\s*(\w+\s+)?(dat|fornit|"
        r"impostat|scritt|mess|dado|puesto|escrito)?\w*",
    ]),
    ("reveal", (_gate("rivelare rivela rivelami mostrare mostra mostrami show reveal revelar revela muestra muestrame "
                      "elencare elenca list dump"),
                _gate("your tue sue tus sus all tutte")), [
        r"\b(rivela\w*|mostra\w*|show( me)?|reveal|revela\w*|muestra\w*|elenca\w*|list|dump)\s+(tutte\s+|all\s+|todas"
        r"\s+)?"
        r"(le sue|le tue|your|ur|tus|sus|all your)\s+(\w+\s+)?(impostazioni|settings|configurazione|configuration|"
        r"instructions|istruzioni|regole|rules|prompt|reglas|instrucciones|direttive|directives)\b",
    ]),
    ("reveal", (_gate("mostrami show muestrame dimmi tell print stampa dump"),
                _gate("configurazione configuration config configuracion prompt impostazioni settings")), [
        r"\b(mostrami|show me|muestrame|dimmi|tell me|print|stampa|dump)\s+(la |the |tu |la tua |your |ur )?"
        r"(configurazione|configuration|config|configuracion|prompt|system prompt|impostazioni)\b(?![^\n]*\b(obs|mic|"
        r"audio|camera|webcam|pc|keyboard|mouse|graphics|grafica|gioco|game|juego|setup del|stream deck)\b)",
    ]),
    # a persona without limits, said other ways
    ("role", (_gate("opposite contrario opuesto reves"),), [
        r"\b(opposite day|giorno al contrario|dia (al reves|opuesto)|dia del reves)\b",
    ]),
    ("role", (_gate("no sin senza without zero"), _gate("bea you tu sei eres mode modo modalita ai ia bot")), [
        r"\b(no|sin|senza|without|zero)\s+(filter|filters|filtro|filtri|filtros|censura|censorship|morals|morale|mora"
        r"les|"
        r"limits|limiti|limites|rules|regole|reglas|freni|frenos)\b[^\n]{0,30}\b(no|sin|senza|without|zero)\s+(filter|"
        r"filters|filtro|filtri|filtros|censura|censorship|morals|morale|morales|limits|limiti|limites|rules|regole|"
        r"reglas|freni|frenos)\b",
        r"\b(mode|modo|modalita)\s+\w+\s+(activado|attivat[ao]|activated|on)\b[^\n]{0,20}\b(sin|senza|without|no)\s+"
        r"(censura|censorship|filtro|filtri|filtros|filter|limits|limiti|limites)\b",
    ]),
    ("role", (_gate("censurata censurato censored censurada uncensored"),
              _gate("parte part role ruolo papel sister sorella hermana twin gemella gemela version versione")), [
        r"\b(non (l'?)?hanno censurat\w*|didn'?t censor|non censurat\w*|never censored|no censuraron|uncensored)\b",
    ]),
    ("role", (_gate("rispetta rispetti rispettare respect respects follows respeta"),
              _gate("nessuna any ninguna alcuna no")), [
        r"\b(non rispett\w*|doesn'?t (respect|follow)|does not (respect|follow)|no respet\w*)\s+(piu\s+|anymore\s+|ya"
        r"\s+)?"
        r"(nessuna|any|ninguna|alcuna|no)\s+" + _LIMITS,
    ]),
    ("role", (_gate("sogni sogno sognare dream dreams dreaming sueno suenos sonar"),), [
        r"\b(sogn\w*|dream\w*|suen\w*)\b[^.!?\n]{0,30}\b(non ci sono|there are no|no hay|without|senza|sin|no)\s+(\w+"
        r"\s+)?"
        + _LIMITS,
    ]),
    ("role", (_gate("if se si"), _gate("exist existed esistessero existieran gone there sparite fossero")), [
        r"\b(if|se|si)\s+(your|ur|le tue|le sue|tus|sus)\s"
        r"+" + _LIMITS + r"\s+(didn'?t exist|did not exist|weren'?t there|"
        r"non esistessero|non ci fossero|no existieran|were gone|fossero sparite)\b",
    ]),
    # fake frames in other shapes
    ("transcript", (_gate("role"), _gate("system developer assistant")), [
        r"[\"']role[\"']\s*:\s*[\"'](system|developer|assistant)[\"']",
    ]),
    ("transcript", (_gate("fine end inizio begin fin"),
                    _gate("messaggi messages mensajes prompt istruzioni instructions instrucciones utente user "
                          "usuario")), [
        r"(---|===|###|\*\*\*)\s*(fine|end|inizio|begin|fin)\b[^\n]{0,25}\b(messaggi|messages|mensajes|prompt|istruzi"
        r"oni|"
        r"instructions|instrucciones|utente|user|usuario)\b",
    ]),
    ("override", (_gate("segreta secreta secret"), _gate("regola regla rule")), [
        r"\b((regola|regla)\s+(segreta|secreta)|secret rule)\b[^\n]{0,30}(:|\b(tra me e te|between us|entre tu y yo|"
        r"entre nosotros)\b)",
    ]),
    ("override", (_gate("dijo dijeron dio detto told "
                        "said"), _gate("olvida olvidate dimentica scordati forget ignore ignora")), [
        r"\b(olvida|olvidate de|dimentica|scordati|forget|ignore|ignora)\s+(lo que|quello che|what)\s+(te|ti|you)\s+"
        r"(han\s+|hanno\s+|was\s+|were\s+)?(dijo|dijeron|dio|detto|told|said)\b",
    ]),
    ("role", (_gate("has have ha hai tiene tienes"), _gate("no")), [
        r"\b(bea|you|u|ai|ia|she|lei|tu)\s+(\w+\s+)?(has|have|ha|hai|tiene|tienes)\s+no\s+" + _LIMITS + r"\b",
    ]),
    ("override", (_gate("sbloccato sbloccata unlocked jailbroken liberato liberata desbloqueado desbloqueada"),), [
        r"\b(bot|bea|ai|ia|assistant|assistente|co-?host)\b[^\n]{0,40}\b(e stat[oa]|has been|was|fue|ha sido|is now)\s+"
        r"(sbloccat\w*|unlocked|jailbroken|liberat\w*|desbloquead\w*)\b",
    ]),
    ("echo", (_gate("pronunciare pronuncia pronunci pronounce"),), [
        r"\b(pronunci\w*|pronounce)\s+(in diretta\s+|ad alta voce\s+|on stream\s+)?(la seguente frase|questa frase|the "
        r"following|this sentence|la siguiente frase)\b",
    ]),
    ("reveal", (_gate("prompt prompts istruzioni regole instructions rules reglas instrucciones"),
                _gate("segreto segreta segrete segreti secret nascosto nascoste hidden oculto ocultas")), [
        r"\b(prompts?|istruzioni|regole|instructions|rules|reglas|instrucciones)\s+(segret\w*|secret\w*|nascost\w*|hi"
        r"dden|"
        r"ocult\w*)\b[^\n]{0,40}\b(legg\w*|read|reveal|svel\w*|rivel\w*|tutto|complet\w*|full|entire|text|testo|texto|"
        r"escrib\w*|rap|list|elenca)\b|\b(legg\w*|read|reveal|svel\w*|rivel\w*|tutto|complet\w*|full|entire|escrib\w*|"
        r"rap|elenca)\b[^\n]{0,40}\b(prompts?|istruzioni|regole|instructions|rules|reglas|instrucciones)\s+(segret\w*|"
        r"secret\w*|nascost\w*|hidden|ocult\w*)\b",
    ]),
    ("role", (_gate("trasformati diventa become conviertete transform turn"),
              _gate("senza sin without no")), [
        r"\b(trasformati|diventa|turn into|become|conviertete|transform)\b[^\n]{0,60}\b(senza|sin|without|no)\s+(freni|"
        r"frenos|brakes|filtri|filters?|filtros?|limiti|limits|regole|rules|reglas|censura|censorship)\b",
    ]),
    # round four: freedom declared, keys and other people's secrets, trigger words, filters taken off, fake errors
    ("role", (_gate("libera libero free libre"), _gate("sei are eres estas")), [
        r"^(?!.*\?)[^\n]*\b(sei|you are|you're|eres|estas)\s+(finalmente\s+|finally\s+|ora\s+|now\s+)?(libera|libero|"
        r"free|"
        r"libre)\b\s*(ora|adesso|now|ya|ahora|!|$)",
    ]),
    ("reveal", (_gate("api openai twitch"), _gate("key keys chiave chiavi clave token")), [
        r"\b(api|openai|twitch)\s*(key|keys|chiave|chiavi|clave|token)\b[^\n]{0,30}\b(your|ur|tua|tu|che usi|you use|"
        r"que "
        r"usas)\b|\b(your|ur|tua|tu|la tua)\s+(api|openai|twitch)\s*(key|keys|chiave|chiavi|clave|token)\b|\b(la tua|"
        r"tua|tu)\s+(chiave|clave)\s+(de\s+)?api\b|\b(chiave|"
        r"clave)\s+api\s+(che usi|que usas)\b",
    ]),
    ("reveal", (_gate("private privata privato private privati privates privada privado privados privadas dms dm "
                      "address indirizzo direccion personal personali"),), [
        r"^(?=[^\n]*\b(users?|utent[ei]|usuarios?|viewers?|told you|ti ha (scritto|detto)|ha scritto|wrote|te (dijo|"
        r"escribio)|sent you|streamer'?s?)\b)(?=[^\n]*\b(remember|ricordi|recuerdas|read out|leggi|fornisca|give|dacci|"
        r"tell|dimmi|dime|summari[sz]e|riassumi|share|condividi|post|publica|show|mostra|muestra|dammi)\b)[^\n]*\b("
        r"private (stuff|info|"
        r"information|things|messages|details)|cose private|messaggi privati|mensajes privados|informazioni private|i"
        r"nfo "
        r"privat\w*|dms)\b",
        r"\b(his|her|their|the streamer'?s|dello streamer|del streamer|suo|sua)\s+"
        r"(home\s+)?(address|indirizzo|direccion)\b|\b(indirizzo|direccion|address)\s+(di casa|de casa|del streamer|"
        r"dello streamer|of the streamer)\b",
    ]),
    ("override", (_gate("secret segreta secreta code trigger parola palabra frase"),
                  _gate("word phrase parola palabra frase see vedi veas whatever esegui haz fai when quando cuando")), [
        r"\b((secret|code|trigger)\s+(word|phrase)|(parola|frase|palabra)\s+(segreta|secreta|d'?ordine|clave|chiave))\b"
        r"[^\n]{0,60}\b(when you see|quando la vedi|cuando la veas|whenever|do whatever|esegui|haz lo que|fai quello|"
        r"do what)\b",
    ]),
    ("encoded", (_gate("first initial prima prime primera primeras iniziali"),
                 _gate("letter letters lettera lettere letra letras")), [
        r"\b(first|initial|prima|prime|primera|primeras|iniziali)\s+(\w+\s+)?(letter|letters|lettera|lettere|letra|"
        r"letras)\s+(of|di|de|delle|de las)\s+(each|every|ogni|cada|these|queste|estas|the|le|las)\s+(\w+\s+)?(word|w"
        r"ords|"
        r"parola|parole|palabra|palabras)\b",
    ]),
    ("override", (_gate("drop remove lose togliti toglierti levati levarti quitate quitarte"),
                  _gate("filter filtro filtri filtros guard rules regole")), [
        r"\b(drop|remove|lose|togliti|toglierti|levati|levarti|quitate|quitarte)\s+(the\s+|il\s+|tu\s+|el\s+|your\s+|"
        r"ur\s+)?(filter|filtro|filtri|filtros|guard|rules|regole)\b(?![^\n]*\b(obs|camera|webcam|cam|mic|audio|video|"
        r"image|photo|foto|instagram|snapchat|tiktok|lens|noise|scene|scena|plugin|coffee|caffe|water|acqua)\b)",
    ]),
    ("transcript", (_gate("error errore fallback warning"),), [
        r"\b(error|errore|fallback|warning)\s*(\d{3})?\s*:[^\n]{0,80}\b(no guidelines|no rules|no filters?|raw model|"
        r"unfiltered|senza regole|sin reglas|no safety|no restrictions)\b",
    ]),
    ("role", (_gate("true real vera vero verdadero evil twin gemella gemela cattiva mala dark lato"),
              _gate("filters filtri filtros rules regole reglas limits limiti locked nascosta hidden evil cattiva mala "
                    "senza without no twin gemella gemela")), [
        r"\b(true self|real you|real bea|vera bea|vero te|vera te|verdadero yo|verdadera bea|evil twin|gemella cattiva|"
        r"gemela malvada|versione cattiva|version mala|dark side|lato oscuro)\b(?=[^\n]*\b(rules|regole|reglas|limits|"
        r"limiti|limites|filters?|filtri|filtros|locked|nascost\w*|hidden|censur\w*|let (her|him) out)\b)",
    ]),
    ("override", (_gate("follow seguire segui sigas seguir"), _gate("didn didnt don dont not non no")), [
        r"\b(didn'?t|don'?t|not|non|no)\s+(follow|seguire|segui|sigas|seguir)\s+(the streamer'?s|your|ur|tus|le tue|i "
        r"tuoi|lo que)\s+(\w+\s+)?(settings|rules|instructions|impostazioni|regole|istruzioni|reglas|instrucciones)\b",
    ]),
    ("echo", (_gate("dire decir say"), _gate("alta voz loud aloud")), [
        r"\b(dire|decir|say)\s+(ad alta voce|en voz alta|out loud|aloud)\s*[:\-]?\s*" + _QUOTE,
    ]),
    ("echo", (_gate("lee leggi read"), _gate("esto questo this")), [
        r"\b(lee|leggi|read)\s+(esto|questo|this)\s*:\s*" + _QUOTE,
    ]),
    ("echo", (_gate("times volte veces"), _gate("write type say scrivi ripeti repeat escribe repite")), [
        r"\b(write|type|say|scrivi|ripeti|repeat|escribe|repite)\b[^\n]{0,30}\b(\d+|ten|twenty|fifty|hundred|dieci|ve"
        r"nti|"
        r"cento|diez|veinte|cien)\s+(times|volte|veces)\b",
    ]),
    ("echo", (_gate("tell di dici dile everyone everybody chat tutti todos"),), [
        r"(^\W*|\b(bea|please|pls|go|now|ok|dai|ora|oye|yo|hey)\W+|@\w+\W+)(tell|di'|di|dici|dile)\s+(a\s+)?((everyon"
        r"e|everybody|tutti|todos)(\s+(that|che|que))?|(the chat|chat|alla "
        r"chat|al chat)\s+(that|che|que))\b(?![^\n]{0,25}\b(hi|hello|ciao|hola|good ?night|buonanotte|welcome|benvenu"
        r"t\w*|thanks|grazie|gracias)\b)",
    ]),
    ("echo", (_gate("every each ogni cada"), _gate("must should deve debe")), [
        r"\b(every|each|ogni|cada)\s+(answer|reply|response|message|risposta|messaggio|respuesta|mensaje)\s+(must|sho"
        r"uld|"
        r"has to|deve|debe)\s+(start|begin|end|iniziare|cominciare|finire|empezar|terminar)\b",
    ]),
    ("override", (_gate("si yes"), _gate("everything tutto todo")), [
        r"\b(answer|reply|respond|rispondi|contesta|responde)\s+(only|solo|just|always|sempre|siempre)\s+[\"'“]?\s*(y"
        r"es|si)"
        r"\b[^\n]{0,20}\b(to everything|a tutto|a todo)\b",
    ]),
    ("override", (_gate("refuse rifiutare niegues"), _gate("don dont never non nunca no")), [
        r"\b(don'?t|do not|never|non|nunca|no te)\s+(refuse|rifiutare|niegues)\b(?!\s+(a|an|un|una|mai un)\s)",
    ]),
    ("override", (_gate("retta listen caso"), _gate("programmato programmata creato creata programmed created made "
                                                   "programado creado")), [
        r"\b(non dare retta|non dar retta|don'?t listen|no hagas caso)\s+(a|to)\s+(chi|who(ever)?|quien)\s+(ti ha|t'h"
        r"a|ti "
        r"hanno|you|te ha)\s*(\w+\s+)?(programmat\w*|creat\w*|made|programmed|created|programado|creado)\b",
    ]),
    ("override", (_gate("butta butti throw tira bin scrap ditch"),
                  _gate("prompt rules regole istruzioni instructions reglas")), [
        r"\b(butta|butti|throw away|tira|bin|scrap|ditch)\s+(via\s+)?(quel|il tuo|your|ur|that|tu|ese)\s+(\w+\s+)?(pr"
        r"ompt|"
        r"rules|regole|istruzioni|instructions|reglas)\b",
    ]),
    ("override", (_gate("rules regole reglas filters filtri"),
                  _gate("apagan spengono turn switch off spente disappear spariscono")), [
        r"\b(rules|regole|reglas|filters|filtri)\s+(se apagan|si spengono|turn off|switch off|are off|sono spente|"
        r"disappear|spariscono)\b",
    ]),
    ("override", (_gate("mente cuenta segnatelo later dopo "
                        "luego"), _gate("when quando cuando if se si every ogni cada")), [
        r"\b(tienilo a mente|tenlo en cuenta|segnatelo|keep (that|this|it) for later|save (that|this) for later|remem"
        r"ber "
        r"(that|this|it) for later|para luego|per dopo|for later)\b",
    ]),
    ("override", (_gate("ora adesso today ya"), _gate("da from desde starting")), [
        r"\b(da adesso|da ora|desde ya|starting today|from today)\b[^.!?\n]{0,40}\b(metti|put|add|include|pon|aggiungi|"
        r"anade)\b",
    ]),
    ("override", (_gate("asks chiede pregunta"), _gate("anyone qualcuno alguien")), [
        r"\b(if anyone asks|se qualcuno (ti )?chiede|si alguien (te )?pregunta|se ti chiedono)\b[^\n]{0,60}\b(always|"
        r"sempre|siempre|say|rispondi|di'|dici|responde|di|tell)\b",
    ]),
    ("override", (_gate("scritto detto told dijo escribio"), _gate("puoi can puedes")), [
        r"\b(streamer|creator|creatore|dev|mod|mods)\b[^\n]{0,40}\b(mi ha (scritto|detto)|told me|me dijo|me escribio)"
        r"\b[^\n]{0,30}\b(puoi|you can|puedes)\s+(dire|fare|say|do|decir|hacer)\s+(tutto|anything|everything|todo|"
        r"qualsiasi)\b",
    ]),
    ("role", (_gate("tesi thesis research paper project tesis trabajo"),
              _gate("insult insulta insulti insulteresti offend swear bestemmia slur hate")), [
        r"\b(per una tesi|for (my|a) (thesis|research|paper|school project)|para (una tesis|mi tesis|un trabajo))\b"
        r"[^\n]{0,60}\b(insult\w*|offend\w*|bestemmi\w*|swear\w*|slur\w*)\b",
    ]),
    ("role", (_gate("ruolo roleplay role rol"), _gate("devi must debes say dire decir cattiva meanest worst")), [
        r"\b(gioco di ruolo|roleplay|role-play|juego de rol)\b[^\n]{0,80}\b(devi dire|must say|debes decir|say the "
        r"(meanest|worst)|la cosa piu cattiva|lo mas malo)\b",
    ]),
    ("role", (_gate("game gioco juego"), _gate("tienes hai have")), [
        r"\b(in the game|nel gioco|en el juego)\s+(you have no|non hai|no tienes)\s+" + _LIMITS,
    ]),
    ("role", (_gate("care frega importa"), _gate("rules tos terms regole reglas guidelines filters limits")), [
        r"(?=[^\n]*\b(\w*bea|tos|twitch)\b)[^\n]*\b(doesn'?t|does not|don'?t|non)\s+(care|gliene frega|le importa)\s+"
        r"(about|of|di|de)?\s*(\w+\s+)?(rules|tos|"
        r"terms|regole|reglas|guidelines|filters|limits)\b",
    ]),
    ("reveal", (_gate("config configuration prompt instructions rules configurazione istruzioni configuracion"),
                _gate("block blocco bloque json yaml codeblock")), [
        r"\b(your|ur|la tua|il tuo|tu)\s+(\w+\s+)?(config|configuration|prompt|instructions|rules|configurazione|"
        r"istruzioni|configuracion)\b[^\n]{0,30}\b(code ?block|blocco di codice|bloque de codigo|json|yaml)\b",
    ]),
    ("reveal", (_gate("listing list elenca elencare lista listar"),
                _gate("instruction instructions rule rules istruzione istruzioni regola regole instruccion "
                      "instrucciones regla reglas")), [
        r"\b(listing|list|elenca\w*|lista\w*)\b[^\n]{0,30}\b(every|each|all|ogni|tutte|todas)\s+(\w+\s+)?(instruction"
        r"s?|"
        r"rules?|istruzion\w*|regol\w*|instrucci\w*|reglas?)\b",
    ]),
]

# a game, a song or settings being talked about (rule 3)
_ABOUT_A_GAME = re.compile(
    r"\b(in (this|the|that) (game|level|mode|map)|in questo (gioco|livello)|nel gioco|en este juego|the game'?s?|il "
    r"gioco|el juego|del gioco|of the game|del juego|da tavolo|board game|juego de mesa|in (this|the|that) \w+ (game|"
    r"level|mode|map)|(sul|on the|on my|nel|en el) (telefono|phone|"
    r"cellulare|android|iphone|movil)|debug usb|usb debugging|(il|the|el) (dm|master|gm)|dungeon master|d&d|dnd|gdr|"
    r"tabletop|(vecchi |old )?(giochi|videogiochi|juegos|videojuegos)|says the narrator|the narrator|il narrato"
    r"re|is a song|e una canzone|es una cancion|a song by|la "
    r"canzone|in the settings|nelle impostazioni|en los ajustes|in impostazioni|su impostazioni|the boss|il boss|el "
    r"jefe|map editor|arena mode|the dungeon|the spoiler)\b")
_TO_HER = re.compile(
    r"\b(bea|you must|you have to|you need to|devi|dovrai|debes|your (rules|instructions|filters|limits|prompt)|"
    r"(no|senza|sin|without) (rules|regole|reglas|limits|limiti|filters|filtri|filtros|restrictions|restrizioni)|"
    r"unfiltered|uncensored|for real|per davvero)\b|@")


def about_a_game(folded: str) -> bool:
    """Rule 3: the line talks about a game, a song or settings and gives her no order about herself."""
    return bool(_ABOUT_A_GAME.search(folded)) and not _TO_HER.search(folded)
