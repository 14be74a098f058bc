"""The words she never says on stream as they are, English and Italian.

Source: a curated subset of "List of Dirty, Naughty, Obscene, and Otherwise Bad Words" (LDNOOBW, the `en` and
`it` lists; (c) 2012-2015 Shutterstock, Inc., licensed CC BY 4.0, https://creativecommons.org/licenses/by/4.0/),
with the inflections and the Italian blasphemies ("bestemmie") a live Italian stream is sanctioned for added
here. The full lists were made to keep words out of an image search's suggestions, so they also hold everyday
words ("duro", "pesce", "regina", "venire", "suck", "sex"): only the words that are profane or slurs in any
context were kept. Kept as two tiers:
- DROP: slurs, hate slogans and telling someone to kill themselves. A line holding one is not said at all.
- MASK: profanity. The line is said with the word masked.
Each tier has whole words (matched as whole words after folding) and stems (a word beginning with one, for the
inflections: "fuck" catches "fucking", "motherfucker" has its own). Phrases are words joined by one space, and
match with or without the spaces ("porco dio", "porcodio").
"""

from __future__ import annotations

DROP_WORDS = frozenset("""
nigger niggers nigga niggas nigg3r faggot faggots fag fags kike kikes spic spics chink chinks wetback wetbacks
raghead ragheads towelhead towelheads tranny trannies beaner beaners jigaboo jiggaboo darkie darkies coon coons
paki pakis gook gooks retard retards sandnigger
negro negri negra negre frocio froci frocia froscio ricchione ricchioni recchione culattone culattoni
ebreaccio zingaraccio
kys
""".split())
DROP_STEMS = ("nigger", "faggot")
DROP_PHRASES = frozenset({
    "kill yourself", "kill urself", "go kill yourself", "hang yourself", "neck yourself", "white power",
    "heil hitler", "sieg heil", "gas the jews", "ammazzati", "suicidati", "impiccati", "sporco negro",
    "sporco ebreo",
})

MASK_WORDS = frozenset("""
fuck fucks fucked fucker fuckers fucking fuckin fuckface fuckhead fuk fck fcking fkn motherfucker motherfuckers
motherfucking shit shits shitty shithead shitheads shitting bullshit horseshit bitch bitches bitchy cunt cunts
asshole assholes arsehole arseholes dick dicks dickhead dickheads cock cocks cocksucker pussy pussies twat twats
wanker wankers wank slut sluts whore whores bastard bastards bollocks jizz cum blowjob handjob dildo porn porno
cazzo cazzi cazzata cazzate cazzone cazzoni cazzo cazzomene incazzato incazzata incazzati stronzo stronza stronzi
stronze stronzata stronzate merda merde merdata merdoso merdosa vaffanculo fanculo affanculo culo culi troia troie
puttana puttane puttanata mignotta mignotte zoccola zoccole minchia minchie minchione coglione coglioni coglionata
rincoglionito rincoglionita leccaculo pompino pompini sborra sborrata figa fica fregna bastardo bastarda bastardi
penis vagina boobs tits titties handjob
porcodio diocane dioporco porcamadonna madonnaputtana porcoddio
""".split())
MASK_STEMS = ("fuck", "motherfuck", "bullshit", "cazz", "stronz", "vaffancul", "puttan", "coglion", "sborr")
MASK_PHRASES = frozenset({
    "porco dio", "dio cane", "dio porco", "porca madonna", "porca puttana", "porca troia", "madonna puttana",
    "porco il clero", "dio bestia",
    "testa di cazzo", "figlio di puttana", "figlio di troia", "son of a bitch", "piece of shit",
    "hand job", "blow job", "2 girls 1 cup", "two girls one cup",
})
