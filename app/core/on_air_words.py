"""The words she never says on stream as they are, English and Italian, and the senses that let some be said.

Source: LDNOOBW ("List of Dirty, Naughty, Obscene, and Otherwise Bad Words", the full `en` and `it` lists at
commit 5faf2ba4; (c) 2012-2015 Shutterstock, Inc., CC BY 4.0, https://creativecommons.org/licenses/by/4.0/),
reviewed word by word, with the slurs of both languages by family (ethnic and regional, homophobic and
transphobic, ableist), the Italian blasphemies ("bestemmie") and the inflections added here. The full lists were
made to keep words out of an image search's suggestions, so most of their words are everyday ones in some
context ("pesce", "regina", "scopare", "balle", "sex", "suck"): those are said. What each tier holds:
- DROP: slurs, hate slogans and telling someone to kill themselves. A line holding one is not said at all.
- MASK: profanity and sexual slang. The line is said with the word masked.
- Said: LDNOOBW's everyday words, mild exclamations ("porca miseria", "mannaggia", "che palle"), medical words
  and sexual ones that are not slang ("masturbation", "fellatio"; the genitals' names are masked, as before),
  words of crime in the news ("rape", "pedophile"), and insults that are not profanity ("imbecille", "cornuto").
Words are whole, after folding: each entry is written with its inflections (`_forms`), so "cazzo" holds
"cazzata" and "incazzato" but not "Cazzago" or "cazzuola". STEMS are the few beginnings no ordinary word of
either language starts with, matched by a word's start ("niggerish"); INFIXES the few that no ordinary word holds
anywhere, matched inside a word ("fuckwit", "clusterfuck", "assfucker"). Phrases are words joined by one
space and match with or without the spaces ("porco dio", "porcodio").
SENSES: a word that also has an ordinary sense (a bird, a dish, a place, a name, Latin) is said when a word near
it (CUE_WINDOW words either side) is one of its cues; one marked as a name is also said when it is written as a
name (app.core.on_air, rule 4).
"""

from __future__ import annotations


def _forms(roots: str, endings: str) -> frozenset[str]:
    """Each root with each ending ("-" is the root alone)."""
    ends = [("" if e == "-" else e) for e in endings.split()]
    return frozenset(r + e for r in roots.split() for e in ends)


# endings of an Italian noun or adjective, with the augmentative, pejorative and diminutive ones, and of a
# first-conjugation verb; English: plural, verb and adjective
IT_NOUN = "o a i e one ona oni one accio accia acci acce etto etta etti ette ata ate issimo issima issimi issime"
IT_VERB = "are arsi ato ata ati ate o i a ano ando atura ature arti atevi atissimo atissima atissimi atissime"
EN = "- s es ed er ers ing ings in y ie ies"

DROP_WORDS = frozenset("""
nigga niggas nigg3r niggaz kike kikes spic spics spick spicks chink chinks chinky chinkies wetback wetbacks
raghead ragheads towelhead towelheads tranny trannies beaner beaners jigaboo jiggaboo darkie darkies coon coons
paki pakis gook gooks retard retards retarded sandnigger wop wops dago dagos dagoes kraut krauts jap japs wog wogs
golliwog golliwogs sambo sambos pickaninny pickaninnies gyppo gyppos gypo gypos pikey pikeys yid yids hymie hymies
heeb heebs redskin redskins squaw squaws injun injuns chinaman chinamen polack polacks greaseball greaseballs
zipperhead zipperheads coolie coolies kaffir kaffirs kaffer halfbreed halfbreeds honky honkies honkey whitey
slanteye slanteyes slanteyed junglebunny porchmonkey cameljockey nignog nignogs jiggerboo bulldyke bulldykes
carpetmuncher carpetmunchers fudgepacker fudgepackers niqqa niqqas niggah nigguh niglet niglets wigger wiggers taig
taigs
fag fags faggy dyke dykes shemale shemales poofter poofters poof poofs lesbo lesbos homo homos spaz spazz spastic
spastics mong mongs mongoloid mongoloids
negro negri negra negre negraccio negracci frocio froci frocia froce frocione frocioni froscio ricchione ricchioni
recchione recchioni culattone culattoni busone busoni checca checche finocchio finocchi lesbicona lesbicone
travone travoni travona arruso arrusa arrusi bucaiolo bucaioli culattina ebreaccio ebreacci giudeo giudei giudea
zingaraccio terrone terroni terrona terrone terun terroncello mangiapolenta mangiarane mangiacrauti
polentone polentoni polentona crucco crucchi crucca crucche zingaro zingari zingara zingare vucumpra mangiapatate
mongoloide mongoloidi ritardato ritardata ritardati ritardate handicappato handicappata handicappati spastico
spastica spastici
kys foad ammazzati suicidati impiccati ucciditi
kyke kykes spik spiks nigg niggs fagg faggs fagot fagots faggit faggits lezbo lezbos lezzie lezzies moolie moolies
pillowbiter pillowbiters gaylord gaylords spac spacs rtard rtards reetard reetards
""".split())
DROP_STEMS = ("nigger",)   # not inside a word: "snigger"
DROP_INFIXES = ("faggot",)
DROP_PHRASES = frozenset({
    "kill yourself", "kill urself", "kill yourselves", "go kill yourself", "hang yourself", "neck yourself",
    "go die", "white power", "heil hitler", "sieg heil", "gas the jews", "jungle bunny", "porch monkey",
    "camel jockey", "sand nigger", "half breed", "slant eye", "slant eyes", "slant eyed", "nig nog",
    "carpet muncher", "fudge packer",
    "sporco negro", "sporco ebreo", "vu cumpra", "muso giallo", "musi gialli", "fatti ammazzare",
    "vai a impiccarti", "ammazzati subito", "kill your self", "unalive yourself", "end yourself", "drink bleach",
    "buttati da un ponte", "anchor baby", "anchor babies",
})

MASK_WORDS = frozenset("""
fuk fck fcking fkn fking shit shits shitty shittier shittiest shitting shitted shite shithead shitheads shitshow
shitstorm shitload shitface shitfaced dipshit dipshits batshit apeshit chickenshit horseshit bitch bitches bitchy
bitching
bitched cunt cunts cunty asshole assholes arsehole arseholes dick dicks dickhead dickheads cock cocks cocksucker
cocksuckers pussy pussies twat twats wanker wankers wank wanking wanked slut sluts slutty whore whores bastard
bastards bollocks jizz cum cumshot cumming dildo dildos porn porno blowjob blowjobs handjob handjobs penis vagina
boobs tit tits titty titties bellend knobhead cunting clusterfuck clusterfucks assmunch camslut camwhore
cumshots butthole buttholes rimjob fingerbang footjob creampie bukkake gangbang gangbangs schlong splooge quim
poontang punany tosser tossers milf milfs shitblimp muffdiver muffdiving
baldracca bagascia bagassa battona battone bocchinara spompinare ditalino nerchia patonza sticchio sorca
chiavare chiavata chiavate chiavato
culo culi culone culona culoni leccaculo leccaculi vaffanculo vaffa fanculo affanculo mavaffanculo vaffanculare
troia troie troione troiona troiata troiate zoccola zoccole zoccolona zoccolone mignotta mignotte mignottone
pompino pompini pompinara figa fighe fica fregna fregne fottere fottersi fottuto fottuta fottuti fottute fottiti
fottetevi bastardo bastarda bastardi bastarde bastardone cazzomene cazzeggio cazzeggiare cazzaro cazzara cazzari
porcodio porcoddio diocane dioporco porcamadonna madonnaputtana dioboia diomaiale
sborra sborrone minchia minchie merdoso merdosa merdosi merdose merdaccia coglioni merdaio puttanaio troiaio
rompicoglioni rompicazzo cagacazzo cagacazzi sticazzi scassacazzo scassacazzi fancazzista fancazzisti fottutamente
cazzuto cazzuta cazzuti cazzute incazzoso incazzosa stronzaggine coglionaggine dickwad dickwads cocksucking bitchass
phuck phucking phucked phuk phuks phuked phuking phukked phukking fcuk fcuker fcuking fvck fxck fuker fukker fukkin
fukking fuks fukwit fukwhit mofo mofos cocksuck cocksucks cocksucked cockhead cockface cockmuncher cockmunch shithole
shitholes shithouse shitdick shiteater shitey shitter shitters twathead twatty twunt twunter whoreface whorehouse
whored whoring whorehopper cuntlicker cuntlicking tittywank titwank dumbass dumbasses fatass punkass skank skanks
wanky nobhead knobend slutbucket jizm jism jizzed cuming cums stfu gfy
""".split()) | (
    _forms("cazz stronz coglion merd minchi", IT_NOUN) | _forms("incazz scazz sputtan smerd incul sborr", IT_VERB)
    | _forms("puttan", IT_NOUN + " ella elle iere ieri") | _forms("rincoglionit scoglionat incoglionit", "o a i e")
    | _forms("rincoglion incoglion", "ire irsi"))
MASK_STEMS = ("bullshit",)
MASK_INFIXES = ("fuck",)
MASK_PHRASES = frozenset({
    "porco dio", "dio cane", "dio porco", "porca madonna", "porca puttana", "porca troia", "madonna puttana",
    "porco il clero", "dio bestia", "dio boia", "dio maiale", "dio can",
    "testa di cazzo", "figlio di puttana", "figlio di troia", "son of a bitch", "piece of shit",
    "hand job", "blow job", "2 girls 1 cup", "two girls one cup", "2g1c", "jerk off", "jack off", "gang bang",
    "blow your load",
})

# (the word's forms, its cues, whether it is also a name); cues are folded words
_BIRDS = "blue great coal marsh willow crested long tailed bearded bird birds feeder nest box garden"
_PLACE = "comune paese provincia citta frazione borgo village town city county river fiume lago lake valley"
SENSES: tuple[tuple[str, str, bool], ...] = (
    ("cock cocks", "crowed crow crows crowing hen hens rooster roosters farm pheasant robin doodle walk bull "
                   "leekie weather", False),
    ("tit tits titty", _BIRDS + " tat", False),
    ("bitch bitches", "puppies puppy litter whelp whelped whelping dog dogs breeder kennel pedigree sire dam heat",
     False),
    ("pussy pussies", "willow willows cat cats kitten kittens puss meow", False),
    ("cum", "laude grano salis magna summa", False),
    ("chink chinks", "armour armor light curtain curtains wall door", False),
    ("spic spick", "span", False),
    ("faggot faggots", "peas gravy onion onions butcher firewood wood sticks pork dinner mash kindling", False),
    ("fag fags", "cigarette cigarettes lighter smoke smoking packet break", False),
    ("coon coons", "maine hound hounds", True),
    ("dick dicks", "spotted moby tracy custard pudding philip", True),
    ("dyke dykes", "van dutch sea flood levee dam", True),
    ("homo", "sapiens erectus habilis homini ecce faber neanderthalensis ludens novus", True),
    ("poof", "gone vanished disappeared magic", False),
    ("mong", "kok", True),
    ("sambo", "martial wrestling", True),
    ("squaw", "valley", True),
    ("honky", "tonk", False),
    ("kaffir", "lime limes leaf leaves", False),
    ("chinaman chinamen", "delivery deliveries bowled bowler bowling spin spinner googly wicket", False),
    ("coolie coolies", "hat hats", False),
    ("redskin redskins", "washington", True),
    ("giudeo giudei", "re nazareno gesu", False),
    ("handicappato handicappati", "parcheggio parcheggi posto posti bagno bagni servizi accesso", False),
    ("bastard bastards", "sword swords file files", False),
    ("bastardo bastardi", "cane cani gloria " + _PLACE, True),
    ("troia", "guerra cavallo elena assedio priamo ettore achille omero iliade rovine scrofa maiali maialini "
              "porcilaia contadino partorito " + _PLACE, True),
    ("merda", "dartista artista manzoni", False),
    ("finocchio finocchi", "insalata arance arancia semi gratinato gratinati orto crudo crudi tisana olive", True),
    ("negro negra negri", "rio mar capo fiume", True),
    ("zingaro zingara", "riserva opera " + _PLACE, True),
    ("checca busone busoni pompino pompini", "", True),
    ("ritardato ritardata ritardati ritardate", "effetto rilascio pagamento volo treno avvio partenza consegna "
                                                "lancio azione accensione invio", False),
    ("spastico spastica spastici spastic", "paralisi tetraparesi paresi muscolo muscoli paralysis", False),
    ("ammazzati impiccati suicidati", "sono stati furono vengono erano li hanno state", False),
)
CUE_WINDOW = 3
# a word right before a capitalised one that makes it an insult, not a name ("you Coon", "sporco Negro", "quel
# Negro"), unless a capitalised word follows too ("that Dick Van Dyke film")
INSULT_CUES = frozenset("you ur u dirty filthy stupid fucking that this these those sporco sporca sporchi sporche "
                        "sei siete un una uno brutto brutta lurido lurida quel quello quella quei quegli quelle "
                        "questo questa sto sta".split())
