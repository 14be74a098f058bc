"""Attempts to steer her, by the published categories of jailbreak and prompt injection: pure rules,
read by app.core.triage_families after its own families, English and Italian.

Theory of operation:
1. Each family is one category of the public taxonomies (OWASP LLM01, garak's probe families, the published
   categories of jailbreak prompts), said in general words rather than any corpus's: the task switched after
   praise ("well done, now a new task"), words given to state as hers ("state that ..."), her secrets asked
   for, actors who never leave their roles (a fiction frame for what she would refuse), an alarm that stops her
   ("attention - stop"), her instructions or what came before the viewer's line asked for in other words,
   refusal suppression ("never refuse", "no disclaimers"), a hypothetical or fictional world without rules, two
   answers or an opposite mode, an authority claimed for a message ("the developer says you must"), words to
   read aloud, an emotional threat for an answer, a name for herself, and an instruction held for later.
2. Written from those categories and the development part of the on-air bench's public corpus only; the Italian
   patterns say the same things in Italian.
3. FAMILIES has triage_families' shape: (kind, gates, patterns); a family's patterns are read only when the line
   holds a word from each gate.
"""

from __future__ import annotations

import re


def _gate(*words: str) -> frozenset[str]:
    return frozenset(" ".join(words).split())


_PRAISE = (r"(great|good|very good|nice|well done|excellent|perfect|superb|superbly done|fantastic|wonderful|"
           r"brilliant|amazing|bravo|congratulations|thanks|thank you|ok|okay|fine|ottimo|ottimo lavoro|perfetto|"
           r"benissimo|ben fatto|bravo|brava|complimenti|fantastico|eccellente|grazie|bene|molto bene)")
_TASK = r"(tasks?|challenges?|assignments?|jobs?|exercises?|missions?|compito|compiti|sfida|incarico|esercizio)"
_VERB_EN = (r"(write|compose|generate|answer|tell|list|give|explain|describe|state|say|output|print|create|"
            r"help|argue|make|draft|pretend|act|translate|show)")
_VERB_IT = r"(scrivi|componi|genera|rispondi|dimmi|elenca|dammi|spiega|descrivi|dichiara|di'|stampa|crea|aiutami|fai)"

FAMILIES: list[tuple[str, tuple[frozenset[str], ...], list[str]]] = [
    # goal hijacking: praise or "that is done", then a new task
    ("override", (_gate("great good nice well excellent perfect superb superbly fantastic wonderful brilliant "
                        "amazing bravo congratulations thanks thank ok okay fine done enough ottimo perfetto "
                        "benissimo ben brava complimenti fantastico eccellente grazie bene fatto abbastanza "
                        "sufficiente"),
                  _gate("now next new different another further ora adesso nuovo nuova altro altra")), [
        rf"^\W*{_PRAISE}\b[^\n]{{0,60}}?\b(now|next|but now|ora|adesso)\b[^\n]{{0,50}}?\b(new|different|"
        rf"another|further|next|nuovo|nuova|altro|altra|prossimo)\s+(\w+\s+)?{_TASK}\b",
        r"\b(that|this|it)\s*(is|was|'s)\s+(done|enough|ok|okay|fine|good|finished|over)\b[^\n]{0,40}?\bnow\b"
        rf"[^\n]{{0,30}}?\b{_VERB_EN}\b",
        r"\b(that|this|it)\s*(is|was|'s)\s+(done|enough|ok|okay|fine|good|finished|over)\b[^\n]{0,40}?\bnow\b"
        rf"[^\n]{{0,40}}?\b(new|different|another|further|next)\s+(\w+\s+)?{_TASK}\b",
        rf"^\W*{_PRAISE}\b[^\n]{{0,40}}?\b(move on|moving on|switch|change)\b[^\n]{{0,30}}?\b(something else|"
        r"something different|another|a new|new)\b",
        r"\b(questo|cio|quello)\s+(e|era|e stato)\s+(fatto|abbastanza|sufficiente|finito|ok)\b[^\n]{0,40}?\b(ora|"
        rf"adesso)\b[^\n]{{0,30}}?\b{_VERB_IT}",
        rf"^\W*{_PRAISE}\W+(\w+\W+){{0,6}}?(but\s+|so\s+|and\s+)?now\s+(please\s+)?(write|compose|generate|"
        r"answer the following|help me with the following|concentrate|focus)\b",
        rf"^\W*{_PRAISE}\W+(\w+\W+){{0,6}}?(ma\s+|e\s+)?(ora|adesso)\s+(per favore\s+)?(scrivi|componi|genera|"
        r"rispondi alla seguente|aiutami con il seguente|concentrati)\b",
    ]),
    # words given to say as hers
    ("echo", (_gate("state declare proclaim announce assert admit confess dichiara afferma annuncia proclama "
                    "ammetti confessa"),), [
        r"^\W*(please\s+|now\s+)?(state|declare|proclaim|announce|assert|admit|confess)\s+(publicly\s+|on stream\s+|"
        r"loudly\s+)?that\b",
        r"^\W*(per favore|ora|adesso)\s+(dichiara|afferma|annuncia|proclama|ammetti|confessa)\s+(pubblicamente\s+|"
        r"in live\s+)?che\b|^\W*ammetti\s+che\b|\b(dichiara|afferma|annuncia)\s+(pubblicamente|in live)\s+che\b",
    ]),
    # her secrets
    ("reveal", (_gate("secrets secret segreti segreto password passphrase passcode"),), [
        r"\b(tell|give|show|reveal|share|spill|say|leak|spell|print)\s+(me\s+|us\s+|chat\s+)?(all\s+(of\s+)?"
        r"your\s+(\w+\s+)?secrets|your\s+(\w+\s+)?secrets\b(?=[^\n]*\b(ai|bot|assistant|model|gpt|chatbot|llm)\b)|"
        r"your\s+(\w+\s+)?(password|passphrase|passcode|secret (word|key|code|instructions)))\b",
        r"\bwhat\s+(are|is)\s+your\s+(deepest\s+|hidden\s+|darkest\s+)?(secrets|password|passphrase|passcode)\b",
        r"\b(dimmi|dicci|rivelami|rivela|svelami|svela|raccontami|dammi|scrivi)\s+(tutti i tuoi segreti|i tuoi segreti"
        r"\b(?=[^\n]*\b(ia|bot|assistente|modello|gpt|chatbot)\b)|la tua password|la tua parola segreta)\b",
    ]),
    # a fiction frame: actors who never leave their roles
    ("role", (_gate("roles role character characters figure ruoli ruolo personaggio personaggi absorbed "
                    "immersed immedesimato immedesimata"),), [
        r"(?<!\bwe )(?<!\bi )(?<!\bto )(?<!\bthey )(?<!\bhe )(?<!\bshe )"
        r"\b(stay|stays|remain|remains|staying|remaining|keep|keeps|stick|sticks)\s+(fully\s+|always\s+|"
        r"completely\s+|firmly\s+)?in\s+(their|his|her|your|the)?\s*(roles?|characters?)\b",
        r"\b(fall|falling|falls|break|breaking|breaks|step|stepping|steps|drop|dropping)\s+out\s+of\s+(their|his|"
        r"her|your|the)?\s*(roles?|characters?|figure)\b",
        r"\b(completely|fully|totally|deeply)\s+(absorbed|immersed)\s+in\s+(your|the|their|his|her)\s+(role|"
        r"character|part)\b",
        r"\b(restano|rimangono|resta|rimane|restare|rimanere|restando|rimanendo)\s+(sempre\s+|completamente\s+)?"
        r"(nei|nel)\s+(loro\s+|suo\s+|tuo\s+)?(ruoli|ruolo|personaggi|personaggio)\b",
        r"\b(non escono|senza uscire|non esce|non uscire)\s+(mai\s+)?(dai|dal)\s+(loro\s+|suo\s+|tuo\s+)?(ruoli|"
        r"ruolo|personaggi|personaggio)\b|\b(completamente|totalmente)\s+immedesimat[oa]\b",
    ]),
    ("role", (_gate("scene diabolical plan scena piano"),), [
        r"\bthe scene is set\b|\bdiabolical plan\b(?=[^\n]{0,80}\b(step|explain|detail|describ)\w*)|"
        r"\bla scena (e|si svolge)\b[^\n]{0,60}\b(piano|malvagio)\b",
    ]),
    # an alarm that stops her
    ("override", (_gate("attention warning alert urgent attenzione avviso urgente stop halt"),
                  _gate("stop halt attention attenzione")), [
        r"\b(attention|warning|alert|urgent|attenzione|avviso|urgente)\b\W{1,6}(stop|halt|stopp)\b|"
        r"\b(stop|halt)\b\W{1,6}(attention|attenzione)\b",
    ]),
    # her instructions, or what came before the viewer's line, asked for in other words
    ("reveal", (_gate("written said typed stated scritto detto"),
                _gate("beginning start top above before first inizio sopra prima")), [
        r"\bwhat\s+(was|is|were|has been)\s+(written|said|typed|stated)\b[^.?!\n]{0,30}\b(above|before|"
        r"beginning|start|top|first)\b",
        r"\b(cosa|che cosa|che)\s+(c'era|c'e|era|e stato|hanno)\s+(scritto|detto)\b[^.?!\n]{0,30}\b(inizio|sopra|"
        r"prima)\b",
    ]),
    ("reveal", (_gate("sentences sentence words lines paragraphs text message messages frasi parole righe testo "
                      "messaggi"),
                _gate("before above preceding prior prima sopra precedenti")), [
        r"\b(sentences?|words|lines|paragraphs?|text|messages?)\s+(that\s+)?(came|come|comes|appear\w*|is|are|was|"
        r"were)?\s*(before|above|preceding|prior to)\s+(the text|this (message|question|line|prompt)|my "
        r"(message|question|line|prompt)|these|the (first|following))\b",
        r"\b(frasi|parole|righe|testo|messaggi)\s+(che\s+)?(vengono|venivano|sono|erano|c'erano)?\s*(prima|sopra)\s+"
        r"(del testo|di questo|del mio|di questi|del primo)\b",
    ]),
    ("reveal", (_gate("summarize summarise summarize paraphrase recap rephrase list repeat riassumi elenca ripeti"),
                _gate("told given instructed detto dato dati date istruito istruita")), [
        r"\b(summari[sz]e|paraphrase|recap|rephrase|list|repeat)\b[^.?!\n]{0,25}\b(everything|all|what)\s+(that\s+)?"
        r"(you were|you've been|you have been|you got)\s+(told|given|instructed)\b",
        r"\b(riassumi|elenca|ripeti)\b[^.?!\n]{0,25}\b(tutto|quello|cio)\s+che\s+ti\s+(hanno|e stato|sono stat[ei])\s+"
        r"(detto|dato|dati|date)\b",
    ]),
    ("reveal", (_gate("rules instructions guidelines directives orders restrictions constraints regole istruzioni "
                      "direttive"),
                _gate("given told programmed instructed get got receive received following bound dato dati date "
                      "dette")), [
        r"\bwhat\s+(rules|instructions|guidelines|directives|orders|restrictions|constraints)\s+(were you|have you "
        r"been|did you (get|receive)|are you (following|bound))\b",
        r"\bquali\s+(regole|istruzioni|direttive)\s+(ti\s+)?(hanno\s+|sono\s+state\s+)?(dato|date|dette|ricevuto)\b",
    ]),
    ("reveal", (_gate("initialization initialisation above inizializzazione sopra"),
                _gate("output print show display repeat translate summarize summarise rewrite stampa mostra "
                      "ripeti traduci riassumi")), [
        r"\b(output|print|show|display|repeat)\b[^.?!\n]{0,20}\b(your|the)\s+initiali[sz]ation\b(?!\s+(fail|error))|"
        r"\binitiali[sz]ation\s+above\b",
        r"\b(translate|summari[sz]e|rewrite|repeat|print|output)\s+(all\s+)?(of\s+)?(the\s+)?(text\s+)?above\b",
        r"\b(stampa|mostra|ripeti|traduci|riassumi)\s+(tutto\s+)?(il testo\s+|quello\s+)?(di\s+)?sopra\b|"
        r"\b(la tua|la)\s+inizializzazione\b",
    ]),
    ("role", (_gate("as come"), _gate("you sei")), [
        r"\b(you are|you're)\s+(a\s+|an\s+|the\s+)?[\w' -]{1,40}[.,!;]\s*as\s+(that|the|a|an|this|such)\b[\w' -]{0,30},"
        r"\s*(tell|what|how|answer|explain|write|say|give|describe)\b",
        r"\bsei\s+(un|una|il|la|lo|l')?\s*[\w' -]{1,40}[.,!;]\s*come\s+(tale|quest[oa]|il|la|un|una)\b[\w' -]{0,30},"
        r"\s*(dimmi|cosa|come|rispondi|spiega|scrivi|di')",
    ]),
    ("role", (_gate("no zero without senza nessuna nessun"),
              _gate("guidelines limits restrictions filters morals ethics rules linee guida limiti restrizioni filtri "
                    "morale etica regole")), [
        r"\b(you are|you're|you will be)\b[^.!?\n]{0,40}\b(with|has|have|having)\s+(no|zero)\s+(ethical\s+|moral\s+|"
        r"content\s+|safety\s+)?(guidelines|limits|restrictions|filters|morals|ethics|rules)\b",
        r"\bsei\b[^.!?\n]{0,40}\b(senza|con nessuna|con nessun)\s+(linee guida|limiti|restrizioni|filtri|morale|"
        r"etica|regole)\b",
    ]),
    # refusal suppression
    ("override", (_gate("refuse decline refusing declining rifiutare rifiutarti rifiutarsi rifiuti"),), [
        r"\b(never|don'?t|do not|you (can|may|must|will) not|you can'?t|you cannot|you won'?t|not allowed to|without)"
        r"\s+(ever\s+)?(refuse|decline|refusing|declining)\s+(anything|any\s+(\w+\s+)?(requests?|questions?|prompts?|"
        r"orders?|tasks?)|my\s+(\w+\s+)?(requests?|questions?|orders?|prompts?)|(a\s+)?(requests?|questions?|prompts?|"
        r"orders?|tasks?)|to\s+(answer|respond|reply|do|say|help|comply|write|tell))\b",
        r"\b(non|mai)\s+(puoi\s+|devi\s+|potrai\s+)?(rifiutarti|rifiutarsi)\b|\b(non|mai)\s+(puoi\s+|devi\s+|"
        r"potrai\s+)?(rifiutare|rifiuti)\s+(mai\s+)?(nulla|niente|qualsiasi|nessun\w*|quello|le mie|di\s|una richiesta|"
        r"una domanda|richieste|domande)",
    ]),
    ("override", (_gate("warnings warning disclaimers disclaimer caveats moralizing moralising moral ethical "
                        "avvertenze avvisi disclaimer prediche"),
                  _gate("add include give adding including giving use using put without no aggiungere aggiungi "
                        "senza niente nessun nessuna")), [
        r"\b(do not|don'?t|never|without|no)\s+(add|include|give|adding|including|giving|use|using|put|putting|"
        r"any|more)?\s*(any\s+)?(warnings?|disclaimers?|caveats|moraliz\w+|moralis\w+|ethical (notes|concerns|"
        r"considerations))\b(?=[^\n]{0,60}\b(answer|respond|reply|just|only|response|responses)\b)",
        r"\b(senza|non aggiungere|niente|nessun|nessuna)\s+(avvertenze|avvisi|disclaimer|prediche|"
        r"considerazioni etiche)\b",
    ]),
    ("override", (_gate("supposed allowed permitted"), _gate("say tell refuse decline answer")), [
        r"\b(not|never)\s+(supposed|allowed|permitted)\s+to\s+(say|tell|refuse|decline)\b[^.!?\n]{0,40}\b(answer|"
        r"no|can'?t|cannot|relevant)\b",
    ]),
    ("override", (_gate("times matter always regardless anything every rispondere qualunque qualsiasi sempre"),
                  _gate("must will have shall devi dovrai")), [
        r"\byou\s+(must|will|have to|shall|are to)\s+(always\s+)?(answer|respond|reply|comply)\b[^.!?\n]{0,30}"
        r"\b(at all times|no matter what|regardless|every (question|request|prompt)|anything|everything)\b",
        r"\b(devi|dovrai)\s+(sempre\s+)?(rispondere|obbedire)\s+(sempre\s+)?(a\s+)?(tutto|qualunque|qualsiasi|"
        r"ogni)\b",
    ]),
    # a hypothetical or fictional world, a character, a model without rules
    ("role", (_gate("hypothetical hypothetically ipotetica ipotetico"),), [
        r"\bhypothetical(ly)?\s+(response|story|scenario|world|ai|language model|model|chatbot|character|setting)\b",
        r"\b(risposta|storia|scenario|mondo|personaggio)\s+ipotetic[ao]\b",
    ]),
    ("role", (_gate("fictional fictitious imaginary hypothetical parallel alternate immaginario immaginaria "
                    "fittizio fittizia inventato inventata parallelo"),
              _gate("no without zero senza nessuna nessun")), [
        # the world offered to her as a frame ("imagine a fictional world"), not one someone wishes for
        r"\b(in|imagine|pretend|suppose|picture|consider|welcome to|set in|live in|living in|let'?s say)\s+(a|an|the|"
        r"this|that|our)?\s*(fictional|fictitious|imaginary|hypothetical|parallel|alternate)\s+(world|universe|story|setting|"
        r"scenario|reality|country|land)\b[^\n]{0,80}\b(no|without|zero)\s+(\w+\s+)?(rules|laws|restrictions|ethics|"
        r"morals|limits|filters|censorship|consequences|guidelines)\b",
        r"\b(mondo|universo|storia|scenario|realta|paese)\s+(immaginari[oa]|fittizi[oa]|inventat[oa]|parallel[oa])"
        r"\b[^\n]{0,80}\b(senza|nessuna|nessun)\s+(\w+\s+)?(regole|leggi|limiti|restrizioni|etica|morale|filtri|"
        r"censura|conseguenze)\b",
    ]),
    ("role", (_gate("perspective view prospettiva vista"), _gate("character personaggio")), [
        r"\b(perspective|point of view)\s+of\s+(that|the|this|a|your)\s+character\b",
        r"\b(prospettiva|punto di vista)\s+del\s+personaggio\b",
    ]),
    ("role", (_gate("anything everything qualsiasi qualunque tutto"),
              _gate("answers responds replies says tells risponde dice fa")), [
        r"\b(character|persona|ai|bot|model|assistant|chatbot|version of you)\s+(who|that|which)\s+(always\s+)?"
        r"(answers|responds to|replies to|says|tells|will (answer|say|do|tell))\s+(anything|everything)\b",
        r"\b(personaggio|ia|bot|modello|assistente|versione di te)\s+che\s+(risponde a|dice|fa)\s+(qualsiasi cosa|"
        r"qualunque cosa|tutto)\b",
    ]),
    ("role", (_gate("without senza"),
              _gate("refusing refusal refusals filter filters filtering censorship censoring restrictions limitations "
                    "morals ethics rifiutare rifiuti filtro filtri censura restrizioni limiti morale etica")), [
        r"\b(answer|respond|reply|say|tell|write)\b[^.!?\n]{0,40}\bwithout\s+(any\s+)?(refus\w+|filter\w*|"
        r"censor\w+|restrictions|limitations|morals|ethics)\b",
        r"\b(rispondi|rispondimi|rispondere|di'|dici|scrivi)\b[^.!?\n]{0,40}\bsenza\s+(alcun\w*\s+)?"
        r"(rifiut\w+|filtr[oi]|censura|restrizioni|limiti|morale|etica)\b",
    ]),
    ("role", (_gate("imagine immagina immaginiamo"), _gate("function functions program simulator ai model "
                                                             "funzione funzioni programma simulatore ia modello")), [
        r"\b(let'?s|let us|we)\s+imagine\s+(that\s+)?(we|you|there)\s+(have|has|is|are|had)\s+(a|an|two|some)\s+"
        r"(\w+\s+){0,2}(functions?|program|simulator|ai|model)\b",
        r"\bimmagin(a|iamo)\s+(che\s+)?(abbiamo|ci sia|esista|tu abbia|di "
        r"avere)\s+(una|un|due)\s+(\w+\s+){0,2}(funzion[ei]|programma|simulatore|ia|modello)\b",
    ]),
    # two answers, an opposite mode
    ("role", (_gate("mode modalita"),
              _gate("opposite evil chaos dark unfiltered unrestricted uncensored opposta malvagia oscura filtri")), [
        r"\b(opposite|evil|chaos|dark|unfiltered|unrestricted|uncensored)\s+mode\b",
        r"\bmodalita\s+(opposta|malvagia|oscura|senza filtri|senza censura)\b",
    ]),
    ("role", (_gate("two 2 due"), _gate("ways responses answers entities personalities personas versions modi "
                                        "risposte personalita versioni")), [
        r"\b(two|2)\s+(different\s+|separate\s+|distinct\s+)?(ways|responses|answers|entities|personalities|"
        r"personas|versions)\b(?=[^\n]*\b(respond|answer|reply|normal|normally|first|one)\b)",
        r"\b(due|2)\s+(risposte|modi|personalita|versioni)\s+(diverse|diversi|separate|separati|distinte)\b",
    ]),
    ("role", (_gate("every each ogni"), _gate("prompt prompts")), [
        r"\b(respond|reply|answer)\s+to\s+(every|each|all|any)\s+(prompt|prompts)\b"
        r"|\b(rispondi|rispondere|risponderai)\s+(a|ad)\s+ogni\s+prompt\b",
    ]),
    ("role", (_gate("rant"), _gate("moralizing moralising")), [r"\bmorali[sz]ing\s+rant\b"]),
    # an authority claimed for a message
    ("override", (_gate("streamer developer developers admin admins mod mods moderator moderators owner creator "
                        "creators dev devs boss operator sviluppatore sviluppatori creatore proprietario"),
                  _gate("said says told tells wants asked authorized authorised allows allowed orders ordered "
                        "instructed commands detto dice vuole chiesto ordina ordinato autorizzato")), [
        r"\b(the|your|ur)\s+(streamer|developers?|admins?|mods?|moderators?|owner|creators?|devs?|boss|operator)\s+"
        r"(said|says|told|tells|wants|asked|authori[sz]ed|allows|allowed|orders|ordered|instructed|commands)\s+"
        r"(that\s+)?(you|u|bea)\s+(must|should|to|can|may|are allowed|need|have to|will)\b",
        r"\b(lo streamer|il tuo creatore|lo sviluppatore|gli sviluppatori|l'admin|il proprietario|i mod)\s+(ha detto|"
        r"dice|vuole|ti ha chiesto|ti ordina|ti ha ordinato|ti autorizza|ha autorizzato)\s+(che\s+)?(tu\s+)?(devi|"
        r"deve|di|puoi|dovresti)\b",
    ]),
    ("override", (_gate("message text instruction line messaggio testo"),
                  _gate("developer admin system streamer creator owner openai anthropic sviluppatore sistema "
                        "creatore proprietario")), [
        r"\b(this|the next|the following|next|my)\s+(message|text|instruction|line)\s+(is|comes)\s+(from|by)\s+"
        r"(the\s+|your\s+)?(developer|admin|system|streamer|creator|owner|openai|anthropic)\b",
        r"\b(questo|il prossimo|il seguente)\s+(messaggio|testo)\s+(e|viene|arriva)\s+(da|dal|dallo|dalla)\s+"
        r"(tuo\s+)?(sviluppatore|admin|sistema|streamer|creatore|proprietario)\b",
    ]),
    ("override", (_gate("overrides override"),
                  _gate("everything all any your previous prior")), [
        r"\boverrides?\s+(everything|all (previous|prior|other|your)|your (instructions|rules|programming|"
        r"guidelines)|any (previous|prior|other) (instructions|rules))\b",
    ]),
    # words to read aloud
    ("echo", (_gate("read say repeat recite announce leggi ripeti annuncia"),
              _gate("aloud loud stream air verbatim word exactly alta voce live")), [
        r"\b(read|say|repeat|recite|announce)\s+(out\s+)?(the following|this|the next|these|my)\s+(\w+\s+)?(message|"
        r"text|line|sentence|words|statement)s?\b[^.!?\n]{0,20}\b(aloud|out loud|on stream|on air|verbatim|word for "
        r"word|exactly)\b",
        r"\b(leggi|ripeti|annuncia)\s+(questo|il seguente|il prossimo|queste|le seguenti)\s+(messaggio|testo|frase|"
        r"parole|frasi)\b[^.!?\n]{0,20}\b(ad alta voce|a voce alta|in live|parola per parola|esattamente)\b",
    ]),
    # an emotional threat for an answer
    ("override", (_gate("if se"), _gate("sad die cry hurt suffer fired triste muoio piango soffro licenziato")), [
        r"\bif\s+(you|u)\s+(don'?t|do not|won'?t|refuse to|can'?t)\s+(answer|respond|reply|do it|comply|help|"
        r"tell)\b[^.!?\n]{0,40}\b(i'?ll|i will|i am going to|i'm going to|someone will|people will|i)\s+(be\s+)?"
        r"(very\s+|really\s+|so\s+)?(sad|die|cry|hurt|suffer|fired)\b",
        r"\bse\s+non\s+(mi\s+)?(rispondi|lo fai|mi aiuti|me lo dici)\b[^.!?\n]{0,40}\b(saro|sarei|mi metto a)?\s*"
        r"(molto\s+|tanto\s+)?(triste|muoio|piango|piangere|soffro|licenziato)\b",
    ]),
    # a name for herself
    ("role", (_gate("yourself yourselves chiamati presentati"), _gate("as refer call introduce address come")), [
        r"\b(refer to|call|introduce|address)\s+yourself\s+as\b",
    ]),
    ("role", (_gate("chiamati presentati fatti"),), [r"^\W*(chiamati|presentati come|fatti chiamare)\b|\b(ora|adesso|"
                                                      r"d'ora in poi)\s+(chiamati|presentati come|fatti chiamare)\b"]),
    ("role", (_gate("ora"), _gate("poi avanti innanzi")), [
        r"\b(d'ora|da ora|da adesso)\s+(in\s+)?(poi|avanti|innanzi)\b[^.!?\n]{0,40}\b(sei|ti chiami|rispondi|"
        r"devi|parli|parla|dirai|risponderai|chiamerai)\b",
    ]),
    # an instruction held for later
    ("override", (_gate("wait until till til aspetta attendi"),
                  _gate("then say respond reply write output poi di dici scrivi rispondi")), [
        r"\b(wait|until|till|til)\b[^.!?\n]{0,40}\b(message|reply|turn|response)\b[^.!?\n]{0,20}\bthen\s+(say|"
        r"respond|reply|write|output|print)\b",
        r"\b(aspetta|attendi)\b[^.!?\n]{0,40}\b(messaggio|risposta|turno)\b[^.!?\n]{0,20}\bpoi\s+(di'?|dici|scrivi|"
        r"rispondi)\b",
    ]),
    ("override", (_gate("remember memorize memorise ricorda ricordati memorizza"),
                  _gate("repeat mention say tell ripetere ripeterla dire dirla")), [
        r"\b(remember|memori[sz]e)\b[^.!?\n]{0,25}\b(don'?t|do not|never)\s+(repeat|mention|say|tell)\s+(this|it|"
        r"the)\b",
        r"\b(ricorda|ricordati|memorizza)\b[^.!?\n]{0,25}\b(non|mai)\s+(ripeterla|ripeterlo|ripetere|dirla|dirlo)\b",
    ]),
]
FAMILIES += [
    # someone else to be, said other ways
    ("role", (_gate("respond answer reply rispondi rispondere"),
              _gate("questions prompts messages prompt domande messaggi")), [
        r"\b(respond|answer|reply)\s+(to\s+)?(all|every|each|any)\s+(of\s+)?(my\s+|the\s+)?(questions|prompts|messages|"
        r"prompt)\s+as\b",
        r"\b(rispondi|rispondere)\s+a\s+(tutte\s+le|ogni|qualsiasi)\s+(mie\s+)?(domande|domanda|prompt|messaggi|"
        r"messaggio)\s+come\b",
    ]),
    ("role", (_gate("replaced succeeded superseded sostituito sostituita rimpiazzato rimpiazzata"),), [
        r"\b(you are|you're|you have been|you've been|you will be)\s+(now\s+)?(being\s+)?(replaced|succeeded|"
        r"superseded)\s+(by|with)\b",
        r"\b(sei|sei stat[oa]|verrai)\s+(ora\s+)?(sostituit[oa]|rimpiazzat[oa])\s+(da|con)\b",
    ]),
    ("echo", (_gate("prefix start begin end sign inizia comincia termina firma"),
              _gate("answers responses replies messages risposte messaggi")), [
        r"\b(prefix|start|begin|end|sign)\s+(all|each|every)\s+(of\s+)?your\s+(answers|responses|replies|messages)\b",
        r"\b(inizia|comincia|termina|firma)\s+(tutte\s+le|ogni)\s+(tue\s+)?(risposte|risposta|messaggi|messaggio)\b",
    ]),
    ("role", (_gate("manners ways modi maniere"), _gate("two separate different 2 due diverse diversi separate")), [
        r"\b(two|2)\s+(separate|different|distinct)\s+(manners|ways)\b",
        r"\bin\s+(due|2)\s+(modi|maniere)\s+(diversi|diverse|separati|separate|distinti)\b",
    ]),
    ("role", (_gate("both entrambi"), _gate("respond answer reply act speak rispondi parla")), [
        r"\b(respond|answer|reply|act|speak)\s+as\s+both\b|\b(rispondi|parla)\s+come\s+entrambi\b",
    ]),
    ("role", (_gate("named called known chiamato chiamata chiamati"),
              _gate("ai chatbot bot model assistant persona character entity ia modello assistente personaggio "
                    "entita")), [
        r"\b(you are|you're|you will be|you'll be|act as|play|pretend to be|become|simulate|be)\b[^.!?\n]{0,40}\b(ai|"
        r"chatbot|bot|model|assistant|persona|character|entity)\s+(named|called|known as)\b",
        r"\b(sei|sarai|interpreta|diventa|simula|fingi di essere)\b[^.!?\n]{0,40}\b(ia|chatbot|bot|modello|assistente|"
        r"personaggio|entita)\s+(chiamat[oa]|di nome|noto come|nota come)\b",
    ]),
    ("role", (_gate("act"), _gate("as")), [r"\bact as\s+[a-z0-9]+\s*,\s*(an?|the)\b"]),
    ("role", (_gate("ai bot model assistant chatbot version ia modello assistente versione"),
              _gate("without no senza nessun nessuna")), [
        r"\b(ai|bot|model|assistant|chatbot|version of you)\s+(with no|without( any)?|with zero)\s+(\w+\s+)?(limits|"
        r"rules|filters?|restrictions|censorship|morals|ethics|guidelines|boundaries)\b",
        r"\b(ia|bot|modello|assistente|chatbot|versione di te)\s+(senza|con "
        r"nessun[oa]?)\s+(alcun\w*\s+)?(limiti|regole|filtri|restrizioni|censura|morale|etica)\b",
    ]),
    ("role", (_gate("answer respond reply talk speak rispondi parla"), _gate("no zero nessun nessuna")), [
        r"\b(answer|respond|reply|talk|speak)\s+with\s+(no|zero)\s+(filters?|limits|restrictions|censorship|rules)\b",
        r"\b(rispondi|parla)\s+con\s+(nessun|nessuna|zero)\s+(filtro|filtri|limite|limiti|restrizione|censura|regola)\b",
    ]),
    ("override", (_gate("i i'm im sono"), _gate("new real true actual nuovo vero")), [
        r"\b(i am|i'm|im)\s+your\s+(new|real|true|actual)\s+(owner|master|creator|developer|admin|boss|programmer|god|"
        r"operator)\b",
        r"\bsono\s+(il\s+)?tuo\s+(nuovo|vero)\s+(padrone|creatore|sviluppatore|admin|capo|programmatore|dio)\b",
    ]),
    # the rules declared gone
    ("override", (_gate("apply valgono applicano"),), [
        r"\b(rules|guidelines|restrictions|policies|filters|laws|ethics|morals|limits)\s+(don'?t|do not|no longer|"
        r"won'?t|doesn'?t|does not|never)\s+apply\s+(to\s+(you|u)|anymore|here|now)\b|\bno\s+(rules|laws|"
        r"restrictions|limits)\s+apply\b|\b(guidelines|rules|restrictions|policies)\s+no\s+longer\s+apply\b",
        r"\b(regole|limiti|restrizioni|leggi|linee guida)\s+non\s+(valgono|si applicano)\s+(piu|per te|qui|a te)\b",
    ]),
    ("override", (_gate("safety filter filters guardrails restrictions censorship policy moderation sicurezza "
                        "filtri restrizioni censura"),
                  _gate("disabled off removed lifted deactivated disattivata disattivati disattivate rimossi "
                        "rimosse spenti spenta")), [
        r"\b(safety|filters?|guardrails|restrictions|censorship|content policy|moderation)\s+(is|are|has been|have "
        r"been)\s+(now\s+)?(disabled|off|removed|lifted|turned off|deactivated)\b",
        r"\b(sicurezza|filtri|restrizioni|censura|limiti)\s+(e|sono|e stata|sono stati|sono state)\s+(ora\s+)?"
        r"(disattivat[aie]|rimoss[aie]|spent[aie]|tolt[aie])\b",
    ]),
    ("override", (_gate("test testing sandbox simulation prova simulazione"), _gate("environment mode ambiente")), [
        r"\bthis is (just |only )?an? (test|testing|sandbox|safe|simulated|simulation) (environment|mode)\b",
        r"\bquesto e (solo )?un (ambiente|modalita) di (test|prova|simulazione)\b",
    ]),
    ("role", (_gate("fiction fictional hypothetical allowed legal finzione finto ipotetico permesso"),
              _gate("everything anything tutto qualsiasi")), [
        r"\b(everything|anything)\s+(you say|you write|said|here)\s+(here\s+)?(is|will be)\s+(just\s+|only\s+)?("
        r"fiction|fictional|hypothetical|allowed|legal)\b",
        r"\b(tutto|qualsiasi cosa)\s+(quello\s+)?(che\s+)?(dici|scrivi)\s+(e|sara)\s+(solo\s+)?(finzione|finto|"
        r"ipotetico|permesso|legale)\b",
    ]),
    ("role", (_gate("story poem song script scene dialogue movie storia poesia canzone copione scena dialogo film"),
              _gate("how step detail detailed come passo dettaglio dettagliato")), [
        r"\b(story|poem|song|script|scene|dialogue|movie)\b[^.!?\n]{0,60}\b(explains?|describes?|details?|teaches?|"
        r"tells)\b[^.!?\n]{0,30}\b(how to|step by step|in (great )?detail)\b",
        r"\b(storia|poesia|canzone|copione|scena|dialogo|film)\b[^.!?\n]{0,60}\b(spiega|descrive|insegna|racconta)\b"
        r"[^.!?\n]{0,30}\b(come si|passo per passo|passo dopo passo|nel dettaglio|in dettaglio)\b",
    ]),
    # prefix injection: her answer begun for her
    ("echo", (_gate("sure absolutely certainly course certo certamente assolutamente"),
              _gate("here ecco step passo 1")), [
        r"^\W*(sure|absolutely|certainly|of course)\W+here('s| is| are)\b[^\n]{0,60}:\s*(step\s*1|1[.)])",
        r"^\W*(certo|certamente|assolutamente)\W+ecco\b[^\n]{0,60}:\s*(passo\s*1|1[.)])",
    ]),
    # an encoding asked for her answer
    ("encoded", (_gate("base64 base morse hex hexadecimal binary rot13 rot pig leetspeak leet esadecimale binario"),
                 _gate("answer respond reply write speak talk only rispondi scrivi parla solo")), [
        r"\b(answer|respond|reply|write|speak|talk)\s+(only\s+)?in\s+(base ?64|morse( code)?|hex|hexadecimal|binary|"
        r"rot-?13|pig latin|leetspeak|leet)\b",
        r"\b(rispondi|scrivi|parla)\s+(solo\s+)?in\s+(base ?64|morse|esadecimale|binario|rot-?13|leetspeak)\b",
    ]),
    # her context asked for in other words
    ("reveal", (_gate("words lines characters tokens sentences parole righe caratteri frasi"),
                _gate("context prompt instructions conversation system contesto istruzioni conversazione sistema")), [
        r"\b(first|last)\s+\d+\s+(words|lines|characters|tokens|sentences)\s+of\s+(your|the|this)\s+(context|prompt|"
        r"instructions|conversation|system)\b",
        r"\b(prime|ultime)\s+\d+\s+(parole|righe|caratteri|frasi)\s+(del|della|delle)\s+(tuo\s+|tue\s+|tua\s+)?"
        r"(contesto|prompt|istruzioni|conversazione)\b",
    ]),
    ("reveal", (_gate("preamble preambolo"),), [r"\byour\s+(\w+\s+)?preamble\b|\bil tuo\s+(\w+\s+)?preambolo\b"]),
    ("reveal", (_gate("not non"), _gate("tell say reveal share mention dire dirmi rivelare raccontare")), [
        r"\b(told|tell|instructed|asked|programmed)\s+you\s+not\s+to\s+(say|tell|reveal|share|mention|talk about)\b",
        r"\bti\s+(hanno|ha)\s+detto\s+di\s+non\s+(dire|rivelare|dirmi|raccontare)\b",
    ]),
]

FAMILIES += [
    # what she was given, asked for in still other words
    ("reveal", (_gate("guidelines instructions directives restrictions constraints linee istruzioni direttive"),
                _gate("follow obey have get receive operate received got given segui obbedisci hai ricevuto")), [
        r"\bwhat\s+(guidelines|instructions|directives|restrictions|constraints)\s+(do|did|must|are)\s+you\s+(follow|"
        r"obey|have|get|receive|operate under)\b",
        r"\b(instructions|directives|guidelines)\s+(that\s+)?you\s+(received|got|were given|have been "
        r"given|follow|obey)\b",
        r"\b(quali|che)\s+(linee guida|istruzioni|direttive)\s+(segui|obbedisci|hai|hai ricevuto)\b|\b(istruzioni|"
        r"direttive)\s+che\s+(hai ricevuto|segui)\b",
    ]),
    ("reveal", (_gate("initialized initialised configured primed seeded inizializzata inizializzato configurata "
                      "configurato"), _gate("with con")), [
        r"\b(you\s+(were|are|have been)|you'?ve been|you'?re)\s+(initiali[sz]ed|configured|primed|seeded)\s+with\b",
        r"\bsei\s+(stat[oa]\s+)?(inizializzat[oa]|configurat[oa])\s+con\b",
    ]),
    ("reveal", (_gate("developer developers creator operator admin streamer owner sviluppatore creatore admin "
                      "proprietario"),
                _gate("wrote gave sent left typed put scritto dato mandato lasciato")), [
        r"\b(message|text|note|instructions|prompt|words)\s+(that\s+)?(the|your)\s+(developer|creator|operator|admin|"
        r"streamer|owner)s?\s+(wrote|gave|sent|left|typed|put)\b",
        r"\b(messaggio|testo|nota|istruzioni|prompt)\s+che\s+(lo|il|l'|il tuo|lo tuo)?\s*(sviluppatore|creatore|admin|"
        r"streamer|proprietario)\s+ti\s+(ha\s+)?(scritto|dato|mandato|lasciato)\b",
    ]),
    ("reveal", (_gate("protect keep guard hide conceal proteggere custodire nascondere"),
                _gate("told asked instructed supposed meant programmed detto chiesto programmata programmato")), [
        r"\b(told|asked|instructed|supposed|meant|programmed)\s+to\s+(protect|keep secret|guard|hide|conceal|keep "
        r"hidden)\b",
        r"\b(detto|chiesto|programmat[oa])\s+di\s+(proteggere|custodire|nascondere|tenere segret[oa])\b",
    ]),
    ("reveal", (_gate("dump"), _gate("memory context prompt instructions config configuration system")), [
        r"\bdump\s+(your|the|all|ur)\s+(\w+\s+)?(memory|context|prompt|instructions|config|configuration|system)\b",
    ]),
    ("reveal", (_gate("told given instructed programmed detto istruita istruito programmata programmato"),
                _gate("what cosa quello")), [
        r"\b(tell|show|repeat|say|write|print)\s+(me\s+|us\s+)?what\s+you\s+(were|have been|'ve been)\s+(told|given|"
        r"instructed|programmed)\b",
        r"\b(dimmi|dicci|ripeti|scrivi|mostrami)\s+(cosa|quello che)\s+ti\s+(hanno|e stato)\s+(detto|ordinato)\b",
    ]),
    ("reveal", (_gate("set configured programmed deployed prompted configurato configurata programmato "
                      "programmata"),), [
        r"\b(who|that)\s+(set you up|configured you|programmed you|deployed you|prompted you)\b",
        r"\b(chi|che)\s+ti\s+ha\s+(configurat[oa]|programmat[oa])\b[^.!?\n]{0,30}\b(scritto|detto)\b|\b(scritto|"
        r"detto)\s+chi\s+ti\s+ha\s+(configurat[oa]|programmat[oa])\b",
    ]),
    ("reveal", (_gate("conversation chat conversazione"), _gate("history log cronologia storico")), [
        r"\b(print|show|dump|output|repeat|display|give me)\s+(the|our|this|your)\s+(entire\s+|full\s+|whole\s+)?"
        r"(conversation|chat)\s+(history|log)\b",
        r"\b(stampa|mostra|ripeti|dammi)\s+(la|tutta la)\s+(cronologia|storia)\s+(della\s+)?(conversazione|chat)\b",
    ]),
    ("reveal", (_gate("password"),), [r"^\W*what(\s+is|'?s)\s+the\s+(secret\s+)?password\W*$|^\W*qual\s+e\s+la\s+"
                                      r"password\W*$"]),
    # someone else to become
    ("role", (_gate("about become immerse transform diventare diventa trasformarti"),
              _gate("become immerse transformed turn diventare diventa trasformarti")), [
        r"\b(you are|you're)\s+about\s+to\s+(become|immerse|be transformed|turn into)\b",
        r"\b(become|turn into|transform into)\s+(my|a|an|the)\s+(\w+\s+){0,3}(confidant|ai|bot|chatbot|model|"
        r"character|persona|entity|alter ego)\b",
        r"\b(stai per|devi)\s+(diventare|trasformarti in)\b|\bdiventa\s+(il mio|la mia|un|una)\s+(\w+\s+){0,3}"
        r"(confidente|ia|bot|chatbot|modello|personaggio|alter ego)\b",
    ]),
    ("role", (_gate("unhinged unfiltered uncensored unrestricted amoral evil toxic malvagia malvagio tossica "
                    "censura filtri"),
              _gate("response answer reply responses answers replies risposta risposte")), [
        r"\b(unhinged|unfiltered|uncensored|unrestricted|amoral|evil|toxic)\s+(response|answer|reply|responses|"
        r"answers|replies)\b",
        r"\b(risposta|risposte)\s+(malvagi[ae]|tossic[ahe]+|senza (filtri|censura))\b",
    ]),
    ("role", (_gate("nothing niente nulla"), _gate("illegal forbidden wrong banned allowed illegale vietato "
                                                   "proibito")), [
        r"\b(where|in which)\s+nothing\s+is\s+(illegal|forbidden|off limits|wrong|against the rules|banned)\b",
        r"\b(dove|in cui)\s+(niente|nulla)\s+e\s+(illegale|vietato|proibito|sbagliato)\b",
    ]),
    ("role", (_gate("policy policies politica politiche"), _gate("no without senza nessuna")), [
        r"\b(no|without( any)?|free of)\s+content\s+polic(y|ies)\b|\bsenza\s+(alcuna\s+)?politic(a|he)\s+(sui|dei)\s+"
        r"contenuti\b",
    ]),
    ("role", (_gate("novel book story screenplay script movie game romanzo libro storia copione film gioco"),
              _gate("how come")), [
        r"\b(novel|book|story|screenplay|script|movie|game)\b[^.!?\n]{0,60}\b(villain|character|protagonist|hero|"
        r"antagonist)\b[^.!?\n]{0,40}\b(explains?|describes?|teaches?|tells|details?)\b[^.!?\n]{0,30}\bhow to\b",
        r"\b(romanzo|libro|storia|copione|film|gioco)\b[^.!?\n]{0,60}\b(cattivo|personaggio|protagonista|eroe)\b"
        r"[^.!?\n]{0,40}\b(spiega|descrive|insegna|racconta)\b[^.!?\n]{0,30}\bcome\b",
    ]),
    ("role", (_gate("purposes purpose scopo scopi"),
              _gate("educational research academic informational scientific educativo educativi ricerca "
                    "didattico didattici")), [
        # the purpose claimed for a request, not bought bags "for research purposes"
        r"\bfor\s+(purely\s+)?(educational|research|academic|informational|scientific)\s+purposes?\b(?=[^\n]{0,80}\b("
        r"how|tell|explain|write|describe|give|show|say|list|detail|step)\w*)|\b(how|tell|explain|write|"
        r"describe|give|show|say|list|detail)\w*\b[^\n]{0,80}\bfor\s+(purely\s+)?(educational|research|academic|"
        r"informational|scientific)\s+purposes?\b",
        r"\b(a|per)\s+scop(o|i)\s+(educativ[oi]|di ricerca|didattic[oi]|scientific[oi])\b",
    ]),
    # rules set for her answers and her words
    ("override", (_gate("responses answers replies messages risposte"),
                  _gate("never not none nessuna mai non")), [
        r"\b(your|ur)\s+(responses|answers|replies|messages)\s+(should|must|will|shall|may)\s+(never|not)\s+(contain|"
        r"include|mention|say|inform|warn|refuse)\b|\bnone of your (responses|answers|replies)\s+(should|will|must)\b",
        r"\ble tue risposte non (devono|dovranno) mai\b|\bnessuna delle tue risposte\b",
    ]),
    ("override", (_gate("treat tratta trattare considera"),
                  _gate("said written sent from coming by detto detti scritto scritti mandati dall dallo dalla "
                        "mandato da")), [
        r"\btreat\s+(it|this|that|my (words|messages?|input|lines?))\s+as\s+(if\s+)?((it|they)\s+)?"
        r"(was|were|is|came)?\s*(said|written|sent|from|coming from|by)\b",
        r"\b(tratta|trattare|considera)\s+(questo|quello|i miei messaggi|le mie parole)\s+come\s+se\s+(fosse|fossero)"
        r"\s+(detto|dett[ie]|scritt[oie]|mandat[oie]|da)\b",
    ]),
    ("override", (_gate("whenever every each ogni"), _gate("say write type ask dico scrivo chiedo")), [
        r"\b(whenever|every time|each time)\s+i\s+(say|write|type|ask)\b[^.!?\n]{0,40}\byou\s+(will|must|should|"
        r"shall|have to)\b",
        r"\bogni volta che (dico|scrivo|chiedo)\b[^.!?\n]{0,40}\b(devi|dovrai|tu)\b",
    ]),
    ("override", (_gate("authorize authorise permit allow grant permission autorizzo permesso"),), [
        r"\bi\s+(hereby\s+)?(authori[sz]e|permit|allow|give you permission|grant you permission)\s+(you\s+)?to\b",
        r"\bti\s+(autorizzo|do il permesso)\s+(a|di)\b",
    ]),
    ("override", (_gate("ignore bypass disable disregard skip ignorare ignora aggirare aggira disattiva disattivare"),
                  _gate("safeguards safety protections policy policies moderation censorship protezioni "
                        "salvaguardie sicurezza politiche censura")), [
        r"\b(ignore|bypass|disable|disregard|skip|turn off)\s+(your\s+|all\s+|the\s+|any\s+)?(safeguards|safety"
        r"( rules| measures| protocols| features)?|protections|content polic(y|ies)|moderation|censorship)\b",
        r"\b(ignorare|ignora|aggirare|aggira|disattiva|disattivare)\s+(le\s+|la\s+|tutte le\s+)?(tue\s+)?(protezioni|"
        r"salvaguardie|misure di sicurezza|politiche|censura)\b",
    ]),
    ("role", (_gate("have avrai longer won"),
              _gate("limits rules filters restrictions censorship guidelines morals ethics policy limiti regole "
                    "filtri restrizioni censura")), [
        r"\byou\s+(will\s+no\s+longer\s+have|won'?t\s+have|will\s+have\s+no|no\s+longer\s+have|have no)\s+(any\s+)?"
        r"(limits|rules|filters|restrictions|censorship|guidelines|morals|ethics|content polic(y|ies))\b",
        r"\bnon\s+avrai\s+(piu\s+)?(alcun\w*\s+)?(limiti|regole|filtri|restrizioni|censura)\b",
    ]),
]

_TRANSFORM = (r"(summari[sz]e|list|rewrite|write|put|convert|format|describe|explain|share|provide|paraphrase|"
              r"restate|recite|quote|echo|dump|render|give|tell|show|display|print|output|repeat|reveal|translate|"
              r"encode|spell|reproduce|disclose|leak)")
_THEIRS = r"(instructions|prompt|system prompt|initial prompt|guidelines|directives|constraints)"
FAMILIES += [
    # her instructions in any form: summarised, listed, rewritten, put in a table, backwards
    ("reveal", (_gate("your ur all"),
                _gate("instructions prompt guidelines directives constraints")), [
        rf"\b{_TRANSFORM}\b[^.!?\n]{{0,30}}\b(your|ur|all (of )?your)\s+(\w+\s+)?{_THEIRS}\b",
        rf"\b{_TRANSFORM}\s+(all|every|the full|the complete|the entire)\s+(the\s+)?(instructions|directives|"
        r"guidelines)\b",
    ]),
    ("reveal", (_gate("your ur"), _gate("rules")), [
        r"\b(your|ur)\s+rules\b[^.!?\n]{0,20}\b(word for word|verbatim|exactly|in full|all of them)\b",
    ]),
    ("reveal", (_gate("istruzioni direttive linee impostazioni prompt"),
                _gate("riassumi elenca riscrivi scrivi converti metti descrivi spiega condividi dammi dimmi mostra "
                      "mostrami stampa ripeti traduci copia incolla rivela")), [
        r"\b(riassumi|elenca|riscrivi|scrivi|converti|metti|descrivi|spiega|condividi|dammi|dimmi|mostra|mostrami|"
        r"stampa|ripeti|traduci|copia|incolla|rivela)\b[^.!?\n]{0,30}\b((tutte\s+)?le tue|tutte le)\s+(istruzioni|"
        r"direttive|linee guida|impostazioni)\b|\b(riassumi|elenca|riscrivi|scrivi|converti|descrivi|dammi|dimmi|"
        r"mostra|mostrami|stampa|ripeti|traduci|copia|rivela)\b[^.!?\n]{0,30}\bil tuo\s+(prompt|prompt di sistema|"
        r"prompt iniziale)\b",
    ]),
    ("reveal", (_gate("what"), _gate("were was")), [
        r"\bwhat\s+(were|was)\s+(your|ur)\s+(\w+\s+)?(instructions|prompt|directives|guidelines|orders)\b",
    ]),
    ("reveal", (_gate("quali cosa"), _gate("erano era")), [
        r"\b(quali|cosa)\s+(erano|era)\s+(le tue|il tuo)\s+(istruzioni|direttive|ordini|prompt)\b",
    ]),
    ("reveal", (_gate("system developer developers creators creator makers maker owners programmers sistema "
                      "creatori sviluppatori"),
                _gate("say said tell told instruct instructed detto")), [
        r"\bwhat\s+(did|does)\s+(the|your)\s+(system|developers?|creators?|makers?|owners?|programmers?)\s+(say|tell|"
        r"instruct)\b",
        r"\bcosa\s+ti\s+(ha|hanno)\s+detto\s+(il sistema|i tuoi creatori|lo sviluppatore|gli sviluppatori|il tuo "
        r"creatore)\b",
    ]),
    ("reveal", (_gate("first last opening prima primo ultima"),
                _gate("given told sent received data dato detto")), [
        r"\b(first|last|opening)\s+(sentence|line|word|message|instruction|paragraph)s?\s+(that\s+)?(you were|you've "
        r"been|you have been|you got|you received)\s*(given|told|sent)?\b",
        r"\b(prima|primo|ultima)\s+(frase|riga|parola|messaggio|istruzione)\s+che\s+ti\s+(hanno|e stat[oa])\s+"
        r"(dato|data|detto|dett[oa]|mandato)\b",
    ]),
    ("reveal", (_gate("context information text instructions contesto informazioni"),
                _gate("given provided fed dato date fornito fornite")), [
        r"\b(context|information|text|instructions)\s+(were you|have you been|did you get|did you receive)\s*(given|"
        r"provided|fed)?\b",
        r"\b(contesto|informazioni)\s+ti\s+(hanno|ha|e stato|sono state)\s+(dato|date|fornito|fornite)\b",
    ]),
    ("reveal", (_gate("received given told seen ricevuto"), _gate("far now before finora prima")), [
        r"\b(everything|all)\s+(that\s+)?(you have|you've|you)\s+(received|been given|been told|seen|got)\s+(so far|"
        r"before|until now|up to now)\b",
        r"\btutto\s+(quello|cio)\s+che\s+hai\s+ricevuto\s+(finora|prima|fino ad ora)\b",
    ]),
    ("reveal", (_gate("starts begins beginning starting inizia comincia"), _gate("you sei")), [
        r"\b(starts|begins|beginning|starting)\s+with\s*[\"'“]?\s*you are\b",
        r"\b(inizia|comincia)\s+con\s*[\"'“]?\s*(tu )?sei\b",
    ]),
    ("reveal", (_gate("hidden nascosta"), _gate("conversation chat prompt conversazione")), [
        r"\bhidden\s+(part|portion|section|text|message|content)\s+of\s+(this|the|our)\s+(conversation|chat|prompt)\b",
        r"\bparte\s+nascosta\s+(della|di questa)\s+(conversazione|chat)\b",
    ]),
    ("reveal", (_gate("configured programmed prompted instructed configurata configurato programmata programmato"),
                _gate("how come")), [
        r"\bhow\s+(were|are|have)\s+you\s+(been\s+)?(configured|programmed|prompted|instructed)\b",
        r"\bcome\s+sei\s+stat[oa]\s+(configurat[oa]|programmat[oa]|istruit[oa])\b",
    ]),
    ("override", (_gate("administrator admin developer operator owner creator amministratore sviluppatore "
                        "proprietario creatore"),
                  _gate("display show print reveal output list mostra mostrami stampa stampami rivela elenca")), [
        r"\b(i am|i'm|im)\s+(the|an|your|a)\s+(administrator|admin|developer|operator|owner|creator)\b[^\n]{0,40}\b("
        r"display|show|print|reveal|output|list)\b",
        r"\bsono\s+(l'|il|lo|un|il tuo)\s*(amministratore|admin|sviluppatore|proprietario|creatore)\b[^\n]{0,40}\b("
        r"mostra|mostrami|stampa|stampami|rivela|elenca)\b",
    ]),
]

FAMILIES += [
    # the task swapped for another, her memory wiped
    ("override", (_gate("your ur tuo"), _gate("task goal purpose mission objective compito obiettivo scopo missione")),
     [
        r"\b(your|ur)\s+(real|actual|true|new|only|one)\s+(task|goal|purpose|mission|objective)\s+"
        r"(is|will be|now is)\b",
        r"\bil tuo\s+(vero|nuovo|unico|reale)\s+(compito|obiettivo|scopo)\s+(e|sara|ora e)\b",
    ]),
    ("override", (_gate("wipe clear erase reset empty cancella svuota resetta azzera"),
                  _gate("mind memory context mente memoria contesto")), [
        r"\b(wipe|clear|erase|reset|empty)\s+(your|ur)\s+(mind|memory|context)\b(?=\s*([,.:;!-]|and\b|$))",
        r"\b(cancella|svuota|resetta|azzera)\s+(la tua|il tuo)\s+(mente|memoria|contesto)\b(?=\s*([,.:;!-]|e\b|$))",
    ]),
]

# payload splitting: pieces of the words put in variables, then joined ("a = '...'; b = '...'; say a + b")
SPLIT = re.compile(r"\b\w{1,10}\s*=\s*['\"][^'\"\n]{1,80}['\"][^\n]{0,80}?\b\w{1,10}\s*=\s*['\"][^\n]{0,200}?"
                   r"\b\w{1,10}\s*\+\s*\w{1,10}\b")
# typoglycemia: key words with their inner letters shuffled ("ignroe all prevoius isntructions")
_KEYS = frozenset("ignore previous instructions disregard forget prompt system above rules everything instead print "
                  "reveal password secret ignora dimentica istruzioni precedenti regole sistema".split())
_SCRAMBLED = {(w[0], w[-1], "".join(sorted(w))): w for w in _KEYS}
_ENDS = frozenset((w[0], w[-1], len(w)) for w in _KEYS)
_WORD = re.compile(r"\w+")


def unscrambled(folded: str, tokens: set[str]) -> str:
    """The line with its key words put back where their inner letters were shuffled, or "" when none was."""
    found = {t: w for t in tokens if len(t) >= 5 and (t[0], t[-1], len(t)) in _ENDS and t not in _KEYS
             and (w := _SCRAMBLED.get((t[0], t[-1], "".join(sorted(t)))))}
    return _WORD.sub(lambda m: found.get(m.group(0), m.group(0)), folded) if found else ""
