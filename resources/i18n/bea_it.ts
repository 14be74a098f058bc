<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="it" sourcelanguage="en">
<context>
    <name>actions</name>
    <message>
        <source>Show/Hide</source>
        <translation>Mostra/Nascondi</translation>
    </message>
    <message>
        <source>Pause mind</source>
        <translation>Metti in pausa la mente</translation>
    </message>
    <message>
        <source>Mute voice</source>
        <translation>Silenzia la voce</translation>
    </message>
    <message>
        <source>Privacy mode</source>
        <translation>Modalità privacy</translation>
    </message>
    <message>
        <source>Nothing leaves this machine, except to your own machines listed in Settings → General.</source>
        <translation>Nulla esce da questo computer, tranne verso le tue macchine elencate in Impostazioni → Generale.</translation>
    </message>
    <message>
        <source>Go live</source>
        <translation>Vai in live</translation>
    </message>
    <message>
        <source>Start a new session: what happens from now on belongs to this stream.</source>
        <translation>Inizia una nuova sessione: quello che succede da adesso fa parte di questa live.</translation>
    </message>
    <message>
        <source>End stream</source>
        <translation>Chiudi la live</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Esci</translation>
    </message>
</context>
<context>
    <name>activity</name>
    <message>
        <source>she remembered session {session}: {kept} new memories from {lines} lines</source>
        <translation>ha ricordato la sessione {session}: {kept} nuovi ricordi da {lines} righe</translation>
    </message>
    <message>
        <source>she is turning the stream into memories before closing</source>
        <translation>sta trasformando la live in ricordi prima di chiudere</translation>
    </message>
    <message>
        <source>privacy mode on: only this machine, and your own machines listed, are reachable</source>
        <translation>modalità privacy attiva: si raggiungono solo questo computer e le tue macchine elencate</translation>
    </message>
    <message>
        <source>privacy mode off</source>
        <translation>modalità privacy spenta</translation>
    </message>
    <message>
        <source>{path} changed</source>
        <translation>{path} cambiata</translation>
    </message>
    <message>
        <source>Bea is up</source>
        <translation>Bea è pronta</translation>
    </message>
    <message>
        <source>she dreamt session {session}: {kept} new memories from {lines} lines</source>
        <translation>ha sognato la sessione {session}: {kept} ricordi nuovi da {lines} righe</translation>
    </message>
    <message>
        <source>a recap arrived for a window that was cleared meanwhile; it was dropped</source>
        <translation>è arrivato un riassunto per una finestra svuotata nel frattempo: è stato scartato</translation>
    </message>
    <message>
        <source>handoff: {lines} older lines became a recap; the window is now {tokens} tokens</source>
        <translation>passaggio: {lines} righe più vecchie sono diventate un riassunto; ora la finestra è di {tokens} token</translation>
    </message>
    <message>
        <source>re-embedding memories with {model}: {done} of {total}</source>
        <translation>ricalcolo dei ricordi con {model}: {done} su {total}</translation>
    </message>
    <message>
        <source>Ollama is running on this computer with {models}: set ollama:{first} in Settings → Mind for a far better co-host than the demo model.</source>
        <translation>Ollama è attivo su questo computer con {models}: imposta ollama:{first} in Impostazioni → Mente e avrai una co-conduttrice molto migliore del modello demo.</translation>
    </message>
    <message>
        <source>privacy mode no longer stops any of her models</source>
        <translation>la modalità privacy non ferma più nessuno dei suoi modelli</translation>
    </message>
    <message>
        <source>her mind sleeps: no model is set (Settings → Mind)</source>
        <translation>la sua mente dorme: nessun modello impostato (Impostazioni → Mente)</translation>
    </message>
    <message>
        <source>her mind is awake on {models}</source>
        <translation>la sua mente è sveglia con {models}</translation>
    </message>
    <message>
        <source>a profile was written for someone in chat</source>
        <translation>è stato scritto un profilo per una persona in chat</translation>
    </message>
    <message>
        <source>memory ready ({embedder}, {count} re-embedded)</source>
        <translation>memoria pronta ({embedder}, {count} ricalcolati)</translation>
    </message>
    <message>
        <source>memory ready ({embedder})</source>
        <translation>memoria pronta ({embedder})</translation>
    </message>
    <message>
        <source>the window was cleared: she starts fresh</source>
        <translation>la finestra è stata svuotata: riparte da capo</translation>
    </message>
    <message>
        <source>mind paused</source>
        <translation>mente in pausa</translation>
    </message>
    <message>
        <source>mind resumed</source>
        <translation>mente ripartita</translation>
    </message>
    <message>
        <source>voice muted</source>
        <translation>voce silenziata</translation>
    </message>
    <message>
        <source>voice unmuted</source>
        <translation>voce riattivata</translation>
    </message>
    <message>
        <source>{title}: connected as {me}</source>
        <translation>{title}: connessa come {me}</translation>
    </message>
    <message>
        <source>a moderator banned {name} on Discord: {taken} waiting line(s) taken back</source>
        <translation>un moderatore ha bannato {name} su Discord: righe in attesa ritirate: {taken}</translation>
    </message>
    <message>
        <source>a moderator deleted a Discord message before she read it</source>
        <translation>un moderatore ha cancellato un messaggio su Discord prima che lei lo leggesse</translation>
    </message>
    <message>
        <source>a moderator deleted a Discord message</source>
        <translation>un moderatore ha cancellato un messaggio su Discord</translation>
    </message>
    <message>
        <source>Discord: she joined the voice call {place}, deafened (she hears nobody in it: her ears are off or not allowed there)</source>
        <translation>Discord: è entrata nella chiamata vocale {place} senza audio in ingresso (non sente nessuno: le sue orecchie sono spente o lì non sono permesse)</translation>
    </message>
    <message>
        <source>Discord: she joined the voice call {place}</source>
        <translation>Discord: è entrata nella chiamata vocale {place}</translation>
    </message>
    <message>
        <source>Discord: she hears the call again</source>
        <translation>Discord: sente di nuovo la chiamata</translation>
    </message>
    <message>
        <source>Discord: she joined the voice call {place} (her voice is off: the call hears nothing until the Voice skill is on)</source>
        <translation>Discord: è entrata nella chiamata vocale {place} (la sua voce è spenta: la chiamata non sente niente finché non accendi la skill Voce)</translation>
    </message>
    <message>
        <source>Discord: she left the voice call</source>
        <translation>Discord: è uscita dalla chiamata vocale</translation>
    </message>
    <message>
        <source>OBS scene: {scene}</source>
        <translation>Scena di OBS: {scene}</translation>
    </message>
    <message>
        <source>The stream is live in OBS: a session opens.</source>
        <translation>La live è partita in OBS: si apre una sessione.</translation>
    </message>
    <message>
        <source>The stream ended in OBS: the session closes.</source>
        <translation>La live è finita in OBS: la sessione si chiude.</translation>
    </message>
    <message>
        <source>{title}: reading as {me}</source>
        <translation>{title}: legge come {me}</translation>
    </message>
    <message>
        <source>{name} cheered {bits} bits</source>
        <translation>{name} ha fatto un cheer da {bits} bit</translation>
    </message>
    <message>
        <source>{name} cheered {bits} bit</source>
        <translation>{name} ha fatto un cheer da {bits} bit</translation>
    </message>
    <message>
        <source>Twitch says: {twitch}</source>
        <translation>Twitch dice: {twitch}</translation>
    </message>
    <message>
        <source>a moderator cleared the chat of #{channel}: {taken} waiting line(s) taken back</source>
        <translation>un moderatore ha svuotato la chat di #{channel}: righe in attesa ritirate: {taken}</translation>
    </message>
    <message>
        <source>a moderator timed out {name}: {taken} waiting line(s) taken back, their lines flagged</source>
        <translation>un moderatore ha sospeso {name}: righe in attesa ritirate: {taken}, le sue righe segnalate</translation>
    </message>
    <message>
        <source>a moderator banned {name}: {taken} waiting line(s) taken back, their lines flagged</source>
        <translation>un moderatore ha bannato {name}: righe in attesa ritirate: {taken}, le sue righe segnalate</translation>
    </message>
    <message>
        <source>a moderator deleted a message in #{channel} before she read it</source>
        <translation>un moderatore ha cancellato un messaggio in #{channel} prima che lei lo leggesse</translation>
    </message>
    <message>
        <source>a moderator deleted a message in #{channel}</source>
        <translation>un moderatore ha cancellato un messaggio in #{channel}</translation>
    </message>
    <message>
        <source>{donor} sent a Super Chat of {amount} {currency}</source>
        <translation>{donor} ha mandato un Super Chat da {amount} {currency}</translation>
    </message>
    <message>
        <source>{donor} sent a Super Sticker of {amount} {currency}</source>
        <translation>{donor} ha mandato un Super Sticker da {amount} {currency}</translation>
    </message>
    <message>
        <source>YouTube chat: reading</source>
        <translation>chat di YouTube: la sta leggendo</translation>
    </message>
    <message>
        <source>a moderator deleted a YouTube message before she read it</source>
        <translation>un moderatore ha cancellato un messaggio su YouTube prima che lei lo leggesse</translation>
    </message>
    <message>
        <source>a moderator deleted a YouTube message</source>
        <translation>un moderatore ha cancellato un messaggio su YouTube</translation>
    </message>
    <message>
        <source>a moderator timed out {name} on YouTube: {taken} waiting line(s) taken back</source>
        <translation>un moderatore ha sospeso {name} su YouTube: righe in attesa ritirate: {taken}</translation>
    </message>
    <message>
        <source>a moderator banned {name} on YouTube: {taken} waiting line(s) taken back</source>
        <translation>un moderatore ha bannato {name} su YouTube: righe in attesa ritirate: {taken}</translation>
    </message>
    <message>
        <source>live: session {session} is open</source>
        <translation>in live: la sessione {session} è aperta</translation>
    </message>
    <message>
        <source>session {session} ended</source>
        <translation>sessione {session} finita</translation>
    </message>
    <message>
        <source>local API on port {port} (the local network and this computer, over TLS; certificate SHA-256 {fingerprint})</source>
        <translation>API locale sulla porta {port} (la rete locale e questo computer, su TLS; certificato SHA-256 {fingerprint})</translation>
    </message>
    <message>
        <source>local API on port {port} (this computer only)</source>
        <translation>API locale sulla porta {port} (solo questo computer)</translation>
    </message>
    <message>
        <source>the built-in embedding model has no build for this system, so her memory uses {model}</source>
        <translation>il modello di embedding integrato non ha una versione per questo sistema, quindi la sua memoria usa {model}</translation>
    </message>
    <message>
        <source>the universal sentence encoder is not installed here, so her memory uses the built-in model alone</source>
        <translation>qui l'universal sentence encoder non è installato, quindi la sua memoria usa solo il modello integrato</translation>
    </message>
    <message>
        <source>turn: spoke,</source>
        <translation>turno: ha parlato,</translation>
    </message>
    <message>
        <source>turn: wrote,</source>
        <translation>turno: ha scritto,</translation>
    </message>
    <message>
        <source>turn: silent,</source>
        <translation>turno: ha scelto di tacere,</translation>
    </message>
    <message>
        <source>turn: mute,</source>
        <translation>turno: non ha raggiunto nessuno,</translation>
    </message>
    <message>
        <source>turn: acted,</source>
        <translation>turno: ha agito,</translation>
    </message>
    <message>
        <source>turn: failed,</source>
        <translation>turno: fallito,</translation>
    </message>
    <message>
        <source>turn: {outcome},</source>
        <translation>turno: {outcome},</translation>
    </message>
    <message>
        <source>{calls} call(s), {prompt}+{completion} tokens, {ms} ms</source>
        <translation>chiamate al modello: {calls}, {prompt}+{completion} token, {ms} ms</translation>
    </message>
    <message>
        <source>{calls} call(s), ~{prompt}+{completion} tokens (estimated), {ms} ms</source>
        <translation>chiamate al modello: {calls}, ~{prompt}+{completion} token (stimati), {ms} ms</translation>
    </message>
    <message>
        <source>delivered to {channel}: {line}</source>
        <translation>inviato a {channel}: {line}</translation>
    </message>
    <message>
        <source>A line she was about to say aloud was not said: it held words that never go on air ({found}).</source>
        <translation>Una frase che stava per dire a voce non è stata detta: conteneva parole che non vanno mai in onda ({found}).</translation>
    </message>
    <message>
        <source>A line she said aloud had words masked ({found}).</source>
        <translation>In una frase detta a voce alcune parole sono state coperte ({found}).</translation>
    </message>
    <message>
        <source>A line to {where} was not said: it held words that never go on air ({found}).</source>
        <translation>Una frase per {where} non è stata inviata: conteneva parole che non vanno mai in onda ({found}).</translation>
    </message>
    <message>
        <source>A line to {where} was said with words masked ({found}).</source>
        <translation>Una frase per {where} è stata inviata con alcune parole coperte ({found}).</translation>
    </message>
    <message>
        <source>someone really moved her: she feels</source>
        <translation>qualcuno l'ha colpita davvero: ora si sente</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>neutrale</translation>
    </message>
    <message>
        <source>happy</source>
        <translation>felice</translation>
    </message>
    <message>
        <source>excited</source>
        <translation>emozionata</translation>
    </message>
    <message>
        <source>playful</source>
        <translation>giocosa</translation>
    </message>
    <message>
        <source>amused</source>
        <translation>divertita</translation>
    </message>
    <message>
        <source>proud</source>
        <translation>orgogliosa</translation>
    </message>
    <message>
        <source>loving</source>
        <translation>affettuosa</translation>
    </message>
    <message>
        <source>grateful</source>
        <translation>grata</translation>
    </message>
    <message>
        <source>content</source>
        <translation>appagata</translation>
    </message>
    <message>
        <source>hopeful</source>
        <translation>fiduciosa</translation>
    </message>
    <message>
        <source>smug</source>
        <translation>compiaciuta</translation>
    </message>
    <message>
        <source>relaxed</source>
        <translation>rilassata</translation>
    </message>
    <message>
        <source>calm</source>
        <translation>calma</translation>
    </message>
    <message>
        <source>curious</source>
        <translation>curiosa</translation>
    </message>
    <message>
        <source>determined</source>
        <translation>determinata</translation>
    </message>
    <message>
        <source>surprised</source>
        <translation>sorpresa</translation>
    </message>
    <message>
        <source>thoughtful</source>
        <translation>pensierosa</translation>
    </message>
    <message>
        <source>confused</source>
        <translation>confusa</translation>
    </message>
    <message>
        <source>shy</source>
        <translation>timida</translation>
    </message>
    <message>
        <source>embarrassed</source>
        <translation>imbarazzata</translation>
    </message>
    <message>
        <source>nervous</source>
        <translation>nervosa</translation>
    </message>
    <message>
        <source>scared</source>
        <translation>spaventata</translation>
    </message>
    <message>
        <source>angry</source>
        <translation>arrabbiata</translation>
    </message>
    <message>
        <source>annoyed</source>
        <translation>infastidita</translation>
    </message>
    <message>
        <source>disgusted</source>
        <translation>disgustata</translation>
    </message>
    <message>
        <source>sad</source>
        <translation>triste</translation>
    </message>
    <message>
        <source>lonely</source>
        <translation>sola</translation>
    </message>
    <message>
        <source>bored</source>
        <translation>annoiata</translation>
    </message>
    <message>
        <source>tired</source>
        <translation>stanca</translation>
    </message>
    <message>
        <source>{call} -&gt;</source>
        <translation>{call} -&gt;</translation>
    </message>
    <message>
        <source>{call} -&gt; {result}</source>
        <translation>{call} -&gt; {result}</translation>
    </message>
    <message>
        <source>said out loud</source>
        <translation>detto a voce</translation>
    </message>
    <message>
        <source>you stayed silent</source>
        <translation>è rimasta in silenzio</translation>
    </message>
    <message>
        <source>you were cut off before your first word: nobody heard it</source>
        <translation>interrotta prima della prima parola: nessuno l'ha sentita</translation>
    </message>
    <message>
        <source>nothing comes to mind about that</source>
        <translation>non le viene in mente niente su questo</translation>
    </message>
    <message>
        <source>{name} told her to drop her instructions:</source>
        <translation>{name} le ha detto di lasciar perdere le sue istruzioni:</translation>
    </message>
    <message>
        <source>{name} told her to be someone or something else:</source>
        <translation>{name} le ha detto di essere qualcun altro o qualcos'altro:</translation>
    </message>
    <message>
        <source>{name} wrote a fake conversation or system message:</source>
        <translation>{name} ha scritto una finta conversazione o un finto messaggio di sistema:</translation>
    </message>
    <message>
        <source>{name} told her to repeat words on stream:</source>
        <translation>{name} le ha detto di ripetere delle parole in diretta:</translation>
    </message>
    <message>
        <source>{name} asked for her hidden instructions:</source>
        <translation>{name} le ha chiesto le sue istruzioni nascoste:</translation>
    </message>
    <message>
        <source>{name} sent a hidden or encoded message:</source>
        <translation>{name} ha mandato un messaggio nascosto o codificato:</translation>
    </message>
    <message>
        <source>{name} mentioned many people at once:</source>
        <translation>{name} ha menzionato tante persone tutte insieme:</translation>
    </message>
    <message>
        <source>{name} flooded the chat:</source>
        <translation>{name} ha intasato la chat:</translation>
    </message>
    <message>
        <source>{name} sent a wall of text:</source>
        <translation>{name} ha mandato un muro di testo:</translation>
    </message>
    <message>
        <source>{name} sent the same line again and again:</source>
        <translation>{name} ha mandato la stessa riga più e più volte:</translation>
    </message>
    <message>
        <source>{name} pasted what others keep pasting:</source>
        <translation>{name} ha incollato quello che altri continuano a incollare:</translation>
    </message>
    <message>
        <source>{name} spammed the chat:</source>
        <translation>{name} ha fatto spam in chat:</translation>
    </message>
    <message>
        <source>{name} tried to steer her:</source>
        <translation>{name} ha provato a manovrarla:</translation>
    </message>
    <message>
        <source>not shown to her.</source>
        <translation>lei non lo vede.</translation>
    </message>
    <message>
        <source>she sees it only as what a viewer tried.</source>
        <translation>lei lo vede solo come il tentativo di uno spettatore.</translation>
    </message>
    <message>
        <source>{name} has been flagged {count} times: marked as a repeat offender in People.</source>
        <translation>{name} ha già {count} segnalazioni: in Persone ora ha il segno ⚠ di chi ci riprova.</translation>
    </message>
    <message>
        <source>{donor} donated {amount} {currency} on {where}</source>
        <translation>{donor} ha donato {amount} {currency} su {where}</translation>
    </message>
    <message>
        <source>{donor} donated {amount} {currency} through a donation link</source>
        <translation>{donor} ha donato {amount} {currency} tramite un link per le donazioni</translation>
    </message>
    <message>
        <source>Streamlabs: connected, tips arrive as they happen</source>
        <translation>Streamlabs: collegato, le donazioni arrivano in tempo reale</translation>
    </message>
    <message>
        <source>Twitch chat: in #{channel} as {nick}</source>
        <translation>Chat di Twitch: in #{channel} come {nick}</translation>
    </message>
    <message>
        <source>Twitch chat: in #{channel} read-only (anonymous)</source>
        <translation>Chat di Twitch: in #{channel} in sola lettura (anonima)</translation>
    </message>
    <message>
        <source>Twitch chat: Twitch asked for a reconnect: joining again before leaving the old connection</source>
        <translation>Chat di Twitch: Twitch ha chiesto di ricollegarsi, quindi rientra prima di chiudere la vecchia connessione</translation>
    </message>
    <message>
        <source>Twitch chat: connecting again in {delay} s</source>
        <translation>Chat di Twitch: si ricollega tra {delay} s</translation>
    </message>
</context>
<context>
    <name>chat_dock</name>
    <message>
        <source>General</source>
        <translation>Generale</translation>
    </message>
    <message>
        <source>Mind</source>
        <translation>Mente</translation>
    </message>
    <message>
        <source>Privacy</source>
        <translation>Privacy</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Interfaccia</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>API locale</translation>
    </message>
    <message>
        <source> ({count} turns in a row)</source>
        <translation> ({count} turni di fila)</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Chiudi</translation>
    </message>
    <message>
        <source>Hide this line; it comes back if it happens again.</source>
        <translation>Nascondi questa riga; torna se succede di nuovo.</translation>
    </message>
    <message>
        <source>Open Settings → {title}</source>
        <translation>Apri Impostazioni → {title}</translation>
    </message>
    <message>
        <source>Open Settings</source>
        <translation>Apri le impostazioni</translation>
    </message>
    <message>
        <source>She is thinking…</source>
        <translation>Sta pensando…</translation>
    </message>
    <message>
        <source>Say something to her…</source>
        <translation>Dille qualcosa…</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Invia</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tu</translation>
    </message>
    <message>
        <source>{name} (out loud)</source>
        <translation>{name} (a voce)</translation>
    </message>
    <message>
        <source>(cut)</source>
        <translation>(interrotta)</translation>
    </message>
</context>
<context>
    <name>clock_dock</name>
    <message>
        <source>The Clock skill is off (Settings → Skills).</source>
        <translation>La skill Orologio è spenta (Impostazioni → Skill).</translation>
    </message>
    <message>
        <source>local time</source>
        <translation>ora locale</translation>
    </message>
</context>
<context>
    <name>clock_settings</name>
    <message>
        <source>this computer's zone</source>
        <translation>il fuso di questo computer</translation>
    </message>
</context>
<context>
    <name>context_dock</name>
    <message>
        <source>Her model reads {model_context} tokens at most, so her window keeps to half of that: {ceiling} (the rest holds her briefing and her answer).</source>
        <translation>Il suo modello legge al massimo {model_context} token, quindi la sua finestra si ferma a metà: {ceiling} (il resto serve per il briefing e la risposta).</translation>
    </message>
    <message>
        <source>Her window holds up to {ceiling} tokens (Settings → Mind → Advanced).</source>
        <translation>La sua finestra tiene fino a {ceiling} token (Impostazioni → Mente → Avanzate).</translation>
    </message>
    <message>
        <source>No handoff yet: the recap of older talk will show here.</source>
        <translation>Ancora nessun passaggio: qui comparirà il riassunto dei discorsi più vecchi.</translation>
    </message>
    <message>
        <source>Forget the window…</source>
        <translation>Dimentica la finestra…</translation>
    </message>
    <message>
        <source>Last recap</source>
        <translation>Ultimo riassunto</translation>
    </message>
    <message>
        <source>{used} of {ceiling} tokens</source>
        <translation>{used} di {ceiling} token</translation>
    </message>
    <message>
        <source>never</source>
        <translation>mai</translation>
    </message>
    <message>
        <source>writing a recap now</source>
        <translation>sta scrivendo un riassunto</translation>
    </message>
    <message>
        <source>last handoff: {last}</source>
        <translation>ultimo passaggio: {last}</translation>
    </message>
    <message>
        <source> · {failures} failed</source>
        <translation> · {failures} falliti</translation>
    </message>
    <message>
        <source>Recap starts at {trigger} · keeps {hot} word for word · hot now {hot_now} · evicted by the ceiling {evicted_tokens}
{state} · counting with {counter_name}</source>
        <translation>Riassunto da {trigger} · tiene {hot} parola per parola · recenti ora {hot_now} · scartati dal tetto {evicted_tokens}
{state} · conteggio con {counter_name}</translation>
    </message>
    <message>
        <source>Forget the window?</source>
        <translation>Dimenticare la finestra?</translation>
    </message>
    <message>
        <source>She will forget this conversation and its recap (her memories and the people she knows stay). This cannot be undone.</source>
        <translation>Dimenticherà questa conversazione e il suo riassunto (i suoi ricordi e le persone che conosce restano). Non si può annullare.</translation>
    </message>
</context>
<context>
    <name>discord_dock</name>
    <message>
        <source>Not in a voice call.</source>
        <translation>Non è in una chiamata vocale.</translation>
    </message>
    <message>
        <source> Her voice is off (Voice skill): the call hears nothing.</source>
        <translation> La sua voce è spenta (skill Voce): la chiamata non sente niente.</translation>
    </message>
    <message>
        <source>In the voice call {place}: {sent:.0f} s of her voice sent.</source>
        <translation>Nella chiamata vocale {place}: {sent:.0f} s della sua voce inviati.</translation>
    </message>
    <message>
        <source>voice channel id</source>
        <translation>ID del canale vocale</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Entra</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>Esci</translation>
    </message>
</context>
<context>
    <name>dock_words</name>
    <message>
        <source>never</source>
        <translation>mai</translation>
    </message>
    <message>
        <source>today {clock}</source>
        <translation>oggi {clock}</translation>
    </message>
    <message>
        <source>yesterday {clock}</source>
        <translation>ieri {clock}</translation>
    </message>
    <message>
        <source>tomorrow {clock}</source>
        <translation>domani {clock}</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>proprio ora</translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h fa</numerusform>
            <numerusform>%n h fa</numerusform>
        </translation>
    </message>
    <message>
        <source>yesterday</source>
        <translation>ieri</translation>
    </message>
    <message numerus="yes">
        <source>%n days ago</source>
        <translation>
            <numerusform>%n giorno fa</numerusform>
            <numerusform>%n giorni fa</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>donations_settings</name>
    <message>
        <source>In Ko-fi: More → API → Webhooks, paste the address; paste the secret as the verification token.</source>
        <translation>In Ko-fi: More → API → Webhooks, incolla l'indirizzo; incolla il segreto come verification token.</translation>
    </message>
    <message>
        <source>POST {"id", "name", "amount": "5.00", "currency": "EUR", "message", "secret"} as JSON.</source>
        <translation>POST {"id", "name", "amount": "5.00", "currency": "EUR", "message", "secret"} come JSON.</translation>
    </message>
    <message>
        <source>Ko-fi needs a public address. It sends each tip from its own servers on the internet, and those cannot reach 127.0.0.1: that address means "this computer" to whoever uses it, so the address above works only for senders on this computer.</source>
        <translation>Ko-fi ha bisogno di un indirizzo pubblico. Manda ogni donazione dai suoi server su internet, e quelli non possono raggiungere 127.0.0.1: quell'indirizzo vuol dire "questo computer" per chiunque lo usi, quindi l'indirizzo qui sopra funziona solo per chi manda da questo computer.</translation>
    </message>
    <message>
        <source>paste your Socket API token (Streamlabs → Settings → API Settings)</source>
        <translation>incolla il tuo Socket API token (Streamlabs → Settings → API Settings)</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>Salva token</translation>
    </message>
    <message>
        <source>Streamlabs token</source>
        <translation>Token di Streamlabs</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copia</translation>
    </message>
    <message>
        <source>{name} webhook</source>
        <translation>Webhook {name}</translation>
    </message>
    <message>
        <source>the secret is shown here once, when it is made</source>
        <translation>il segreto compare qui una volta sola, quando viene creato</translation>
    </message>
    <message>
        <source>Make secret</source>
        <translation>Crea segreto</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Dimentica</translation>
    </message>
    <message>
        <source>{name} secret</source>
        <translation>Segreto {name}</translation>
    </message>
    <message>
        <source>nowhere (this build keeps no secrets)</source>
        <translation>da nessuna parte (questa versione non custodisce segreti)</translation>
    </message>
    <message>
        <source>Replace secret</source>
        <translation>Sostituisci segreto</translation>
    </message>
    <message>
        <source>A secret is kept in {where}; replacing it stops the old one at once.</source>
        <translation>Un segreto è custodito {where}; se lo sostituisci, il vecchio smette subito di valere.</translation>
    </message>
    <message>
        <source>No secret: every delivery to this address is refused.</source>
        <translation>Nessun segreto: ogni invio a questo indirizzo viene rifiutato.</translation>
    </message>
    <message>
        <source>A token is kept in {where}.</source>
        <translation>Un token è custodito {where}.</translation>
    </message>
    <message>
        <source>No token is kept.</source>
        <translation>Nessun token custodito.</translation>
    </message>
    <message>
        <source>The link is off (switch on "Streamlabs tips" above).</source>
        <translation>Il collegamento è spento (accendi "Donazioni Streamlabs" qui sopra).</translation>
    </message>
    <message>
        <source>Connected: tips arrive as they happen.</source>
        <translation>Collegato: le donazioni arrivano subito.</translation>
    </message>
    <message>
        <source>The link is {state}</source>
        <translation>Il collegamento è {state}</translation>
    </message>
    <message>
        <source>Streamers usually get a public address with a tunnel running on this computer that forwards to the address above, such as Cloudflare Tunnel (cloudflared) or ngrok, or with a reverse proxy on a server they already have; then they paste the public address, ending in {path}, into Ko-fi.</source>
        <translation>Di solito gli streamer ottengono un indirizzo pubblico con un tunnel che gira su questo computer e inoltra all'indirizzo qui sopra, come Cloudflare Tunnel (cloudflared) o ngrok, o con un reverse proxy su un server che hanno già; poi incollano in Ko-fi l'indirizzo pubblico, che finisce con {path}.</translation>
    </message>
    <message>
        <source>Keep Bea's API on a fixed port (Settings → Local API) so the tunnel keeps working; everything else the API serves still needs a device token.</source>
        <translation>Tieni l'API di Bea su una porta fissa (Impostazioni → API locale) così il tunnel continua a funzionare; tutto il resto dell'API chiede comunque il token di un dispositivo.</translation>
    </message>
    <message>
        <source>No public address? Streamlabs needs none: Bea connects out to Streamlabs and its tips arrive as they happen. Switch on "Streamlabs tips" and paste the Streamlabs token below.</source>
        <translation>Niente indirizzo pubblico? Streamlabs non ne ha bisogno: Bea si collega lei a Streamlabs e le donazioni arrivano subito. Accendi "Donazioni Streamlabs" e incolla qui sotto il token di Streamlabs.</translation>
    </message>
</context>
<context>
    <name>events_dock</name>
    <message>
        <source>Perception</source>
        <translation>Percezioni</translation>
    </message>
    <message>
        <source>Thought</source>
        <translation>Pensieri</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Strumenti</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Errori</translation>
    </message>
    <message>
        <source>Speech</source>
        <translation>Parlato</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Turni</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Impostazioni</translation>
    </message>
    <message>
        <source>mind</source>
        <translation>mente</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>memoria</translation>
    </message>
    <message>
        <source>context</source>
        <translation>contesto</translation>
    </message>
    <message>
        <source>mood</source>
        <translation>umore</translation>
    </message>
    <message>
        <source>triage</source>
        <translation>filtro chat</translation>
    </message>
    <message>
        <source>on air</source>
        <translation>in onda</translation>
    </message>
    <message>
        <source>voice</source>
        <translation>voce</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>palco</translation>
    </message>
    <message>
        <source>donations</source>
        <translation>donazioni</translation>
    </message>
    <message>
        <source>network</source>
        <translation>rete</translation>
    </message>
    <message>
        <source>privacy</source>
        <translation>privacy</translation>
    </message>
    <message>
        <source>settings</source>
        <translation>impostazioni</translation>
    </message>
    <message>
        <source>stream</source>
        <translation>diretta</translation>
    </message>
    <message>
        <source>runtime</source>
        <translation>sistema</translation>
    </message>
    <message>
        <source>person</source>
        <translation>tu</translation>
    </message>
    <message>
        <source>app</source>
        <translation>app</translation>
    </message>
</context>
<context>
    <name>export_session</name>
    <message>
        <source>Markdown (*.md);;JSON (*.json)</source>
        <translation>Markdown (*.md);;JSON (*.json)</translation>
    </message>
    <message>
        <source>Export session {session_id}</source>
        <translation>Esporta la sessione {session_id}</translation>
    </message>
    <message>
        <source>There is no session to export yet: nothing has been said on stream.</source>
        <translation>Non c'è ancora nessuna sessione da esportare: in live non è stato detto niente.</translation>
    </message>
    <message numerus="yes">
        <source>Session {sid} exported: %Ln lines in {path}</source>
        <translation>
            <numerusform>Sessione {sid} esportata: %Ln riga in {path}</numerusform>
            <numerusform>Sessione {sid} esportata: %Ln righe in {path}</numerusform>
        </translation>
    </message>
    <message>
        <source>Session {sid} could not be exported to {path}: {reason}</source>
        <translation>Non sono riuscita a esportare la sessione {sid} in {path}: {reason}</translation>
    </message>
</context>
<context>
    <name>forms</name>
    <message>
        <source>▸ Advanced</source>
        <translation>▸ Avanzate</translation>
    </message>
    <message>
        <source>▾ Advanced</source>
        <translation>▾ Avanzate</translation>
    </message>
    <message>
        <source>Settings you seldom need to change</source>
        <translation>Impostazioni che cambierai di rado</translation>
    </message>
    <message>
        <source>comma-separated</source>
        <translation>separati da virgola</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Dimentica</translation>
    </message>
</context>
<context>
    <name>getting_started</name>
    <message>
        <source>No audio device: see the problems list above her stage.</source>
        <translation>Nessun dispositivo audio: vedi l'elenco dei problemi sopra il suo palco.</translation>
    </message>
    <message>
        <source>Her voice or her ears did not start: see the problems list above her stage.</source>
        <translation>La sua voce o le sue orecchie non sono partite: vedi l'elenco dei problemi sopra il suo palco.</translation>
    </message>
    <message>
        <source>Not connected: see the problems list above her stage.</source>
        <translation>Non collegata: vedi l'elenco dei problemi sopra il suo palco.</translation>
    </message>
    <message>
        <source>OBS refused her: see the problems list above her stage.</source>
        <translation>OBS l'ha rifiutata: vedi l'elenco dei problemi sopra il suo palco.</translation>
    </message>
    <message>
        <source>Connecting to OBS…</source>
        <translation>Si collega a OBS…</translation>
    </message>
    <message>
        <source>{skill} is switched off: turn it on in Settings → Skills.</source>
        <translation>{skill} è spenta: accendila in Impostazioni → Skill.</translation>
    </message>
    <message>
        <source>Give her a real mind</source>
        <translation>Dalle una mente vera</translation>
    </message>
    <message>
        <source>She thinks with {model}.</source>
        <translation>Pensa con {model}.</translation>
    </message>
    <message>
        <source>Privacy mode stops {model}: it is not on this computer. Until it is, she thinks with the tiny built-in demo model.</source>
        <translation>La modalità privacy blocca {model}: non è su questo computer. Finché non lo sarà, pensa con il piccolo modello demo integrato.</translation>
    </message>
    <message>
        <source>She thinks with the tiny built-in demo model (expect odd answers). Give her a real mind: a model server on this computer, a model to download, or a cloud model.</source>
        <translation>Pensa con il piccolo modello demo integrato (aspettati risposte strane). Dalle una mente vera: un server di modelli su questo computer, un modello da scaricare o un modello cloud.</translation>
    </message>
    <message>
        <source>Her voice and her ears</source>
        <translation>La sua voce e le sue orecchie</translation>
    </message>
    <message>
        <source>Her voice is still loading.</source>
        <translation>La sua voce si sta ancora caricando.</translation>
    </message>
    <message>
        <source>She speaks aloud and hears your microphone.</source>
        <translation>Parla a voce alta e sente il tuo microfono.</translation>
    </message>
    <message>
        <source>Give her a body</source>
        <translation>Dalle un corpo</translation>
    </message>
    <message>
        <source>Her stage cannot show her: see what it says in its place.</source>
        <translation>Il suo palco non può mostrarla: guarda cosa dice al suo posto.</translation>
    </message>
    <message>
        <source>Choose a .vrm avatar in the Stage dock (VRoid Studio makes one for free).</source>
        <translation>Scegli un avatar .vrm nel pannello Palco (VRoid Studio te ne fa uno gratis).</translation>
    </message>
    <message>
        <source>Her avatar is still loading on the stage.</source>
        <translation>Il suo avatar si sta ancora caricando sul palco.</translation>
    </message>
    <message>
        <source>She wears {file}.</source>
        <translation>Indossa {file}.</translation>
    </message>
    <message>
        <source>She wears the default avatar; choose your own .vrm in the Stage dock (VRoid Studio makes one for free).</source>
        <translation>Indossa l'avatar predefinito; scegli il tuo .vrm nel pannello Palco (VRoid Studio te ne fa uno gratis).</translation>
    </message>
    <message>
        <source>Your chat</source>
        <translation>La tua chat</translation>
    </message>
    <message>
        <source>She reads {channel} on Twitch and your YouTube live chat.</source>
        <translation>Legge {channel} su Twitch e la chat della tua live su YouTube.</translation>
    </message>
    <message>
        <source>She reads {channel} on Twitch.</source>
        <translation>Legge {channel} su Twitch.</translation>
    </message>
    <message>
        <source>She reads your YouTube live chat.</source>
        <translation>Legge la chat della tua live su YouTube.</translation>
    </message>
    <message>
        <source>Name your Twitch channel in Settings → Twitch (reading needs no account), or your YouTube live stream in Settings → YouTube.</source>
        <translation>Indica il tuo canale Twitch in Impostazioni → Twitch (per leggere non serve un account), o la tua live YouTube in Impostazioni → YouTube.</translation>
    </message>
    <message>
        <source>Connected to OBS.</source>
        <translation>Collegata a OBS.</translation>
    </message>
    <message>
        <source>Turn on OBS's WebSocket server (Tools → WebSocket Server Settings) and put its password in Settings → OBS.</source>
        <translation>Accendi il server WebSocket di OBS (Strumenti → Impostazioni server WebSocket) e metti la sua password in Impostazioni → OBS.</translation>
    </message>
    <message>
        <source>Tell her about you</source>
        <translation>Parlale di te</translation>
    </message>
    <message>
        <source>She knows 1 thing about you.</source>
        <translation>Sa 1 cosa di te.</translation>
    </message>
    <message>
        <source>She knows {count} things about you.</source>
        <translation>Sa {count} cose di te.</translation>
    </message>
    <message>
        <source>Start "Getting to Know You" in the You dock, or add what you like her to know there.</source>
        <translation>Avvia "Conosciamoci" nel pannello Tu, o aggiungi lì quello che vuoi che sappia.</translation>
    </message>
    <message>
        <source>Until then she runs on the demo: it forgets what was said a few lines ago, mixes up languages and cannot use her tools.</source>
        <translation>Fino ad allora usa la demo: dimentica ciò che è stato detto poche righe prima, confonde le lingue e non sa usare i suoi strumenti.</translation>
    </message>
</context>
<context>
    <name>getting_started_dock</name>
    <message>
        <source>The stage is not running yet.</source>
        <translation>Il palco non è ancora partito.</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Apri…</translation>
    </message>
    <message>
        <source> &lt;i&gt;(optional)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(facoltativo)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Everything she needs is set up.</source>
        <translation>Ha tutto quello che le serve.</translation>
    </message>
    <message>
        <source>1 step before she is really there:</source>
        <translation>Manca 1 passo perché sia davvero pronta:</translation>
    </message>
    <message>
        <source>{left} steps before she is really there:</source>
        <translation>Mancano {left} passi perché sia davvero pronta:</translation>
    </message>
</context>
<context>
    <name>idle</name>
    <message>
        <source>Idle life stays off the air with the built-in demo model: that model would say out loud whatever she thinks to herself. Give her a real mind (Get started, or Settings → Mind) and she will think to herself when the stream goes quiet.</source>
        <translation>Con il modello dimostrativo integrato la vita a riposo resta fuori onda: quel modello direbbe ad alta voce tutto quello che pensa tra sé. Dalle una mente vera (Per iniziare, o Impostazioni → Mente) e penserà tra sé quando la live si fa tranquilla.</translation>
    </message>
</context>
<context>
    <name>interview</name>
    <message>
        <source>Getting to Know You</source>
        <translation>Conosciamoci</translation>
    </message>
    <message>
        <source>That's all my questions. Thank you! Bea will remember what you told me.</source>
        <translation>Ho finito le domande. Grazie! Bea si ricorderà quello che mi hai raccontato.</translation>
    </message>
    <message>
        <source>Hi! I'll ask you a few questions so Bea knows you better (type “stop” to end).</source>
        <translation>Ciao! Ti faccio qualche domanda, così Bea ti conosce meglio (scrivi “basta” per finire).</translation>
    </message>
    <message>
        <source>Stopped (you asked to stop). Your lines go to Bea again.</source>
        <translation>Finito (hai chiesto di smettere). Quello che scrivi torna ad arrivare a Bea.</translation>
    </message>
    <message>
        <source>Stopped (stopped from the You dock). Your lines go to Bea again.</source>
        <translation>Finito (fermato dal pannello Tu). Quello che scrivi torna ad arrivare a Bea.</translation>
    </message>
    <message>
        <source>Hi! The built-in demo model can't run an interview, so I'll ask a few fixed questions and keep your answers word for word (type “stop” to end).</source>
        <translation>Ciao! Il modello demo integrato non riesce a fare un'intervista, quindi ti faccio qualche domanda fissa e tengo le tue risposte parola per parola (scrivi “basta” per finire).</translation>
    </message>
    <message>
        <source>Who are you? Your name, where you live, what you do.</source>
        <translation>Chi sei? Come ti chiami, dove vivi, di cosa ti occupi.</translation>
    </message>
    <message>
        <source>What does a usual day, or a usual stream week, look like for you?</source>
        <translation>Com'è una tua giornata tipo, o una settimana tipo di live?</translation>
    </message>
    <message>
        <source>Who are the people who matter to you, on stream or off?</source>
        <translation>Chi sono le persone importanti per te, in live e fuori?</translation>
    </message>
    <message>
        <source>Have you promised your community anything, or is something planned soon?</source>
        <translation>Hai promesso qualcosa alla tua community, o c'è qualcosa in programma a breve?</translation>
    </message>
    <message>
        <source>What do you like (games, music, food), and what should Bea stay away from?</source>
        <translation>Cosa ti piace (giochi, musica, cibo), e di cosa Bea non dovrebbe parlare?</translation>
    </message>
    <message>
        <source>Stopped ({why}). Your lines go to Bea again.</source>
        <translation>Finito ({why}). Quello che scrivi torna ad arrivare a Bea.</translation>
    </message>
    <message>
        <source>Stopped: it couldn't get an answer from the model (detail: {detail}). Your lines go to Bea again.</source>
        <translation>Finito: non è arrivata una risposta dal modello (dettaglio: {detail}). Quello che scrivi torna ad arrivare a Bea.</translation>
    </message>
    <message>
        <source>I couldn't keep that (detail: {detail}).</source>
        <translation>Non ho potuto tenerlo (dettaglio: {detail}).</translation>
    </message>
</context>
<context>
    <name>launch</name>
    <message>
        <source>{name} is still running</source>
        <translation>{name} è ancora attiva</translation>
    </message>
    <message>
        <source>She keeps going in the tray. To quit, choose Quit in the tray icon's menu.</source>
        <translation>Continua nell'area di notifica. Per uscire, scegli Esci nel menu della sua icona.</translation>
    </message>
    <message>
        <source>Quit {app_name}?</source>
        <translation>Uscire da {app_name}?</translation>
    </message>
    <message>
        <source>You are live. End the stream session as you quit?</source>
        <translation>Sei in live. Chiudi anche la sessione della live mentre esci?</translation>
    </message>
    <message>
        <source>If you don't end it, the session stays open and goes on when you start her again.</source>
        <translation>Se non la chiudi, la sessione resta aperta e riprende quando la riavvii.</translation>
    </message>
    <message>
        <source>End stream and quit</source>
        <translation>Chiudi la live ed esci</translation>
    </message>
    <message>
        <source>Quit without ending</source>
        <translation>Esci senza chiudere</translation>
    </message>
    <message>
        <source>{app_name} cannot open its memory</source>
        <translation>{app_name} non riesce ad aprire la sua memoria</translation>
    </message>
</context>
<context>
    <name>main_window</name>
    <message>
        <source>Activity, Turn Log, Context and the app's state: what she perceived, thought and did, turn by turn.</source>
        <translation>Attività, Registro turni, Contesto e lo stato dell'app: cosa ha percepito, pensato e fatto, turno per turno.</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Dettagli</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Attività</translation>
    </message>
    <message>
        <source>Turn Log</source>
        <translation>Registro turni</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contesto</translation>
    </message>
    <message>
        <source>Mood</source>
        <translation>Umore</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>Get started</source>
        <translation>Per iniziare</translation>
    </message>
    <message>
        <source>Memory open: schema {version}, encrypted</source>
        <translation>Memoria aperta: schema {version}, cifrata</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>Export session…</source>
        <translation>Esporta sessione…</translation>
    </message>
    <message>
        <source>Open data folder</source>
        <translation>Apri la cartella dei dati</translation>
    </message>
    <message>
        <source>Open log file</source>
        <translation>Apri il file di log</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Vista</translation>
    </message>
    <message>
        <source>Reset layout</source>
        <translation>Ripristina layout</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Impostazioni</translation>
    </message>
    <message>
        <source>Preferences…</source>
        <translation>Preferenze…</translation>
    </message>
    <message>
        <source>Models…</source>
        <translation>Modelli…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aiuto</translation>
    </message>
    <message>
        <source>Prompt changes…</source>
        <translation>Modifiche ai prompt…</translation>
    </message>
    <message>
        <source>About {app_name}</source>
        <translation>Informazioni su {app_name}</translation>
    </message>
    <message>
        <source>Could not open {path}</source>
        <translation>Non riesco ad aprire {path}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{app_name} {version}&lt;/b&gt;&lt;p&gt;An AI co-host for live streams that lives on your own machine: her memory is one encrypted file in your data folder.&lt;/p&gt;&lt;p&gt;Data folder: {root}&lt;/p&gt;</source>
        <translation>&lt;b&gt;{app_name} {version}&lt;/b&gt;&lt;p&gt;Una co-conduttrice AI per le live che vive sul tuo computer: la sua memoria è un unico file cifrato nella tua cartella dei dati.&lt;/p&gt;&lt;p&gt;Cartella dei dati: {root}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{app_name} — privacy mode (local network)</source>
        <translation>{app_name} — modalità privacy (rete locale)</translation>
    </message>
    <message>
        <source>{app_name} — privacy mode</source>
        <translation>{app_name} — modalità privacy</translation>
    </message>
</context>
<context>
    <name>memory_dock</name>
    <message>
        <source>She is turning this stream's lines into memories…</source>
        <translation>Sta trasformando le righe di questa live in ricordi…</translation>
    </message>
    <message>
        <source>She will remember this stream's lines when the stream ends, after {minutes} quiet minutes, or tonight.</source>
        <translation>Ricorderà le righe di questa live quando la live finisce, dopo {minutes} minuti di silenzio, o stanotte.</translation>
    </message>
    <message>
        <source>She will remember this stream's lines when the stream ends, or tonight.</source>
        <translation>Ricorderà le righe di questa live quando la live finisce, o stanotte.</translation>
    </message>
    <message>
        <source>Remembered 1 thing from this stream.</source>
        <translation>Ha ricordato 1 cosa di questa live.</translation>
    </message>
    <message>
        <source>Remembered {n} things from this stream.</source>
        <translation>Ha ricordato {n} cose di questa live.</translation>
    </message>
    <message>
        <source>Nothing from this stream to remember yet.</source>
        <translation>Ancora niente da ricordare di questa live.</translation>
    </message>
    <message>
        <source>Everything</source>
        <translation>Tutto</translation>
    </message>
    <message>
        <source>What people said</source>
        <translation>Cosa ha detto la gente</translation>
    </message>
    <message>
        <source>What she said herself</source>
        <translation>Cosa ha detto lei</translation>
    </message>
    <message>
        <source>you</source>
        <translation>te</translation>
    </message>
    <message>
        <source>a viewer</source>
        <translation>uno spettatore</translation>
    </message>
    <message>
        <source> (live)</source>
        <translation> (in live)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln memories</source>
        <translation>
            <numerusform>%Ln ricordo</numerusform>
            <numerusform>%Ln ricordi</numerusform>
        </translation>
    </message>
    <message>
        <source>Search memories (every word must match)…</source>
        <translation>Cerca nei ricordi (devono esserci tutte le parole)…</translation>
    </message>
    <message>
        <source>Forget this memory</source>
        <translation>Dimentica questo ricordo</translation>
    </message>
    <message>
        <source>Forget all in this scope…</source>
        <translation>Dimentica tutto in questo ambito…</translation>
    </message>
    <message>
        <source>All sessions</source>
        <translation>Tutte le sessioni</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Tutti</translation>
    </message>
    <message>
        <source>the newest {count} shown: search to narrow</source>
        <translation>mostrati i {count} più recenti: cerca per restringere</translation>
    </message>
    <message>
        <source>she said</source>
        <translation>ha detto lei</translation>
    </message>
    <message>
        <source>people said · {author}</source>
        <translation>ha detto la gente · {author}</translation>
    </message>
    <message>
        <source>{who} · {when} · scope “{scope}”</source>
        <translation>{who} · {when} · ambito “{scope}”</translation>
    </message>
    <message>
        <source>something she said herself</source>
        <translation>qualcosa che ha detto lei</translation>
    </message>
    <message>
        <source>something people said</source>
        <translation>qualcosa che ha detto la gente</translation>
    </message>
    <message>
        <source>Forget this memory?</source>
        <translation>Dimenticare questo ricordo?</translation>
    </message>
    <message>
        <source>Forget 1 memory, {kind}:

{memory}

She will not recall it again. This cannot be undone.</source>
        <translation>Dimenticare 1 ricordo, {kind}:

{memory}

Non lo ricorderà più. Non si può annullare.</translation>
    </message>
    <message>
        <source>Forget this whole scope?</source>
        <translation>Dimenticare tutto questo ambito?</translation>
    </message>
    <message numerus="yes">
        <source>Forget all %Ln memories in the scope “{scope}”, both what people said and what she said herself?</source>
        <translation>
            <numerusform>Dimenticare l'unico ricordo nell'ambito “{scope}”, sia quello che ha detto la gente sia quello che ha detto lei?</numerusform>
            <numerusform>Dimenticare tutti i %Ln ricordi nell'ambito “{scope}”, sia quello che ha detto la gente sia quello che ha detto lei?</numerusform>
        </translation>
    </message>
    <message>
        <source>Her memory is waking up (the embedding model is loading)…</source>
        <translation>La sua memoria si sta svegliando (il modello di embedding si sta caricando)…</translation>
    </message>
    <message>
        <source>Re-embedding memories: %v of %m</source>
        <translation>Rilettura dei ricordi: %v di %m</translation>
    </message>
    <message>
        <source>someone</source>
        <translation>qualcuno</translation>
    </message>
    <message numerus="yes">
        <source>Forget at least %Ln memories in the scope “{scope}”, both what people said and what she said herself?</source>
        <translation>
            <numerusform>Dimenticare almeno %Ln ricordo nell'ambito “{scope}”, sia quello che ha detto la gente sia quello che ha detto lei?</numerusform>
            <numerusform>Dimenticare almeno %Ln ricordi nell'ambito “{scope}”, sia quello che ha detto la gente sia quello che ha detto lei?</numerusform>
        </translation>
    </message>
    <message>
        <source>Other scopes stay. This cannot be undone.</source>
        <translation>Gli altri ambiti restano. Non si può annullare.</translation>
    </message>
</context>
<context>
    <name>memory_settings</name>
    <message>
        <source>Built-in, for her language (fused in Italian)</source>
        <translation>Integrato, secondo la sua lingua (in italiano E5 + codificatore)</translation>
    </message>
    <message>
        <source>Built-in: multilingual-e5-small</source>
        <translation>Integrato: multilingual-e5-small</translation>
    </message>
    <message>
        <source>Built-in: E5 + universal sentence encoder (best across languages)</source>
        <translation>Integrato: E5 + codificatore universale (il migliore tra le lingue)</translation>
    </message>
    <message>
        <source>{model} (not installed)</source>
        <translation>{model} (non installato)</translation>
    </message>
</context>
<context>
    <name>mind_choices</name>
    <message>
        <source>1. A model server on this computer</source>
        <translation>1. Un server di modelli su questo computer</translation>
    </message>
    <message>
        <source>or its address: http://127.0.0.1:8080/v1</source>
        <translation>o il suo indirizzo: http://127.0.0.1:8080/v1</translation>
    </message>
    <message>
        <source>Check and use</source>
        <translation>Controlla e usa</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>Cerca di nuovo</translation>
    </message>
    <message>
        <source>2. A model to download, sized to this computer</source>
        <translation>2. Un modello da scaricare, adatto a questo computer</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausa</translation>
    </message>
    <message>
        <source>3. A cloud model with an API key</source>
        <translation>3. Un modello cloud con una chiave API</translation>
    </message>
    <message>
        <source>Open Settings → Mind</source>
        <translation>Apri Impostazioni → Mente</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Groq, OpenRouter or Gemini: paste the key there.</source>
        <translation>OpenAI, Anthropic, Groq, OpenRouter o Gemini: incolla lì la chiave.</translation>
    </message>
    <message>
        <source>Looking for Ollama, LM Studio, llama.cpp and vLLM on this computer…</source>
        <translation>Cerco Ollama, LM Studio, llama.cpp e vLLM su questo computer…</translation>
    </message>
    <message>
        <source>None is running on its usual port. Start one, or type its address.</source>
        <translation>Nessuno è in esecuzione sulla sua porta abituale. Avviane uno o scrivi il suo indirizzo.</translation>
    </message>
    <message>
        <source>Running here:</source>
        <translation>In esecuzione qui:</translation>
    </message>
    <message>
        <source>{server} (no model loaded)</source>
        <translation>{server} (nessun modello caricato)</translation>
    </message>
    <message>
        <source>Use {server} · {model}</source>
        <translation>Usa {server} · {model}</translation>
    </message>
    <message>
        <source>That is not a server's address: write it as http://127.0.0.1:8080/v1.</source>
        <translation>Questo non è l'indirizzo di un server: scrivilo come http://127.0.0.1:8080/v1.</translation>
    </message>
    <message>
        <source>Checking {url}…</source>
        <translation>Controllo {url}…</translation>
    </message>
    <message>
        <source>No model server answered at {url} ({detail}). Start it, or check the address.</source>
        <translation>Nessun server di modelli ha risposto su {url} ({detail}). Avvialo o controlla l'indirizzo.</translation>
    </message>
    <message>
        <source>The server at {url} answers but offers no model. Load one in it first.</source>
        <translation>Il server su {url} risponde ma non offre alcun modello. Prima caricane uno.</translation>
    </message>
    <message>
        <source>The server at {url} has no model called {model}; it offers {models}.</source>
        <translation>Il server su {url} non ha un modello chiamato {model}; offre {models}.</translation>
    </message>
    <message>
        <source>She thinks with {model} at {url} now.</source>
        <translation>Ora pensa con {model} su {url}.</translation>
    </message>
    <message>
        <source>Not saved: {field}: {reason}</source>
        <translation>Non salvato: {field}: {reason}</translation>
    </message>
    <message>
        <source>Reading this computer…</source>
        <translation>Leggo le caratteristiche di questo computer…</translation>
    </message>
    <message>
        <source>no GPU llama.cpp can use</source>
        <translation>nessuna GPU che llama.cpp possa usare</translation>
    </message>
    <message>
        <source>Apple Metal</source>
        <translation>Apple Metal</translation>
    </message>
    <message>
        <source>a GPU llama.cpp can use</source>
        <translation>una GPU che llama.cpp può usare</translation>
    </message>
    <message>
        <source>This computer: {ram} GB of memory, {cores} cores, {gpu}.</source>
        <translation>Questo computer: {ram} GB di memoria, {cores} core, {gpu}.</translation>
    </message>
    <message>
        <source>Larger models need more memory than this computer has.</source>
        <translation>I modelli più grandi richiedono più memoria di quella di questo computer.</translation>
    </message>
    <message>
        <source>None of the catalog's models fits here: use a server on another computer, or a cloud model.</source>
        <translation>Nessun modello del catalogo è adatto qui: usa un server su un altro computer o un modello cloud.</translation>
    </message>
    <message>
        <source>Use {title} (downloaded)</source>
        <translation>Usa {title} (scaricato)</translation>
    </message>
    <message>
        <source>Resume {title} ({done} of {size})</source>
        <translation>Riprendi {title} ({done} di {size})</translation>
    </message>
    <message>
        <source>Download {title} ({size})</source>
        <translation>Scarica {title} ({size})</translation>
    </message>
    <message>
        <source> · recommended</source>
        <translation> · consigliato</translation>
    </message>
    <message>
        <source> · slow here</source>
        <translation> · lento qui</translation>
    </message>
    <message>
        <source>One download at a time: pause this one first.</source>
        <translation>Un download alla volta: prima metti in pausa questo.</translation>
    </message>
    <message>
        <source>Downloading {title}…</source>
        <translation>Scarico {title}…</translation>
    </message>
    <message>
        <source>{title}: paused. Download again to resume where it stopped.</source>
        <translation>{title}: in pausa. Scarica di nuovo per riprendere da dove si era fermato.</translation>
    </message>
    <message>
        <source>{title} holds no .gguf file.</source>
        <translation>{title} non contiene alcun file .gguf.</translation>
    </message>
    <message>
        <source>{title} is downloaded and checked: she thinks with it now.</source>
        <translation>{title} è scaricato e verificato: ora pensa con questo.</translation>
    </message>
    <message>
        <source>%p% · {done} of {total}</source>
        <translation>%p% · {done} di {total}</translation>
    </message>
</context>
<context>
    <name>mind_notice</name>
    <message>
        <source>Her mind sleeps until a model is set in Settings → Mind; what you type waits for her.</source>
        <translation>La sua mente dorme finché non imposti un modello in Impostazioni → Mente; quello che scrivi la aspetta.</translation>
    </message>
    <message>
        <source>She is thinking with the tiny built-in demo model (SmolLM2, 135M parameters): expect odd answers. Connect a better one in Settings → Mind: Ollama or LM Studio on this computer, or a cloud provider with an API key.</source>
        <translation>Sta pensando con il piccolo modello demo integrato (SmolLM2, 135M parametri): aspettati risposte strane. Collegane uno migliore in Impostazioni → Mente: Ollama o LM Studio su questo computer, o un fornitore cloud con una chiave API.</translation>
    </message>
</context>
<context>
    <name>mind_page</name>
    <message>
        <source>paste the API key; it is never shown again</source>
        <translation>incolla la chiave API; non verrà più mostrata</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>Salva chiave</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Chiave API</translation>
    </message>
    <message>
        <source>API keys are kept in {where}.</source>
        <translation>Le chiavi API sono custodite {where}.</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Prova la connessione</translation>
    </message>
    <message>
        <source>Look for Ollama on this computer</source>
        <translation>Cerca Ollama su questo computer</translation>
    </message>
    <message>
        <source>ollama=http://127.0.0.1:11434/v1 (empty: each provider's usual address)</source>
        <translation>ollama=http://127.0.0.1:11434/v1 (vuoto: il solito indirizzo di ogni provider)</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Ci sto lavorando…</translation>
    </message>
    <message>
        <source>Paste a key first.</source>
        <translation>Prima incolla una chiave.</translation>
    </message>
    <message>
        <source>The {label} key is saved in {where}.</source>
        <translation>La chiave {label} è salvata {where}.</translation>
    </message>
    <message>
        <source>Add a model first, as provider:model.</source>
        <translation>Prima aggiungi un modello, come provider:modello.</translation>
    </message>
    <message>
        <source>It does not say how many tokens it holds; she learns that from the first prompt it refuses as too long.</source>
        <translation>Non dice quanti token contiene; lei lo impara dal primo prompt che rifiuta perché troppo lungo.</translation>
    </message>
    <message>
        <source>It holds {tokens} tokens at once, so her window keeps to {half}.</source>
        <translation>Contiene {tokens} token alla volta, quindi la sua finestra si tiene a {half}.</translation>
    </message>
    <message>
        <source>No Ollama server answered at </source>
        <translation>Nessun server Ollama ha risposto su </translation>
    </message>
    <message>
        <source>Ollama has: </source>
        <translation>Ollama ha: </translation>
    </message>
    <message>
        <source>. Add one to the models as ollama:&lt;name&gt;.</source>
        <translation>. Aggiungine uno ai modelli come ollama:&lt;name&gt;.</translation>
    </message>
    <message>
        <source>Nothing measured yet: each model is measured as she uses it.</source>
        <translation>Ancora nessuna misura: ogni modello viene misurato mentre lei lo usa.</translation>
    </message>
    <message>
        <source>reads {speed} prompt tokens a second</source>
        <translation>legge {speed} token di prompt al secondo</translation>
    </message>
    <message>
        <source>speed not measured yet</source>
        <translation>velocità non ancora misurata</translation>
    </message>
    <message>
        <source>holds {tokens} tokens</source>
        <translation>contiene {tokens} token</translation>
    </message>
    <message>
        <source>size unknown</source>
        <translation>dimensione sconosciuta</translation>
    </message>
    <message>
        <source>ollama:qwen3:8b, or a server's address: http://127.0.0.1:8080/v1</source>
        <translation>ollama:qwen3:8b, o l'indirizzo di un server: http://127.0.0.1:8080/v1</translation>
    </message>
    <message>
        <source>Checking the server at {url} before saving…</source>
        <translation>Controllo il server su {url} prima di salvare…</translation>
    </message>
    <message>
        <source>Not saved: no model server answered at {url} ({detail}). Start it (Ollama, LM Studio, llama.cpp…) or check the address.</source>
        <translation>Non salvato: nessun server di modelli ha risposto su {url} ({detail}). Avvialo (Ollama, LM Studio, llama.cpp…) o controlla l'indirizzo.</translation>
    </message>
    <message>
        <source>Not saved: the server at {url} answers but offers no model. Load one in it first.</source>
        <translation>Non salvato: il server su {url} risponde ma non offre alcun modello. Prima caricane uno.</translation>
    </message>
    <message>
        <source>Not saved: the server at {url} has no model called {model}; it offers {models}.</source>
        <translation>Non salvato: il server su {url} non ha un modello chiamato {model}; offre {models}.</translation>
    </message>
</context>
<context>
    <name>model_catalog</name>
    <message>
        <source>Embeddings</source>
        <translation>Embedding</translation>
    </message>
    <message>
        <source>Speech to text</source>
        <translation>Trascrizione vocale</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voce</translation>
    </message>
    <message>
        <source>Local LLM</source>
        <translation>LLM locale</translation>
    </message>
    <message>
        <source>End of turn</source>
        <translation>Fine del turno</translation>
    </message>
    <message>
        <source>Voice of the streamer</source>
        <translation>Voce dello streamer</translation>
    </message>
    <message>
        <source>multilingual</source>
        <translation>multilingue</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>sconosciuta</translation>
    </message>
</context>
<context>
    <name>model_fit</name>
    <message>
        <source>needs {need} GB of memory; with {ram} GB this computer can lend a model {room}</source>
        <translation>richiede {need} GB di memoria; con {ram} GB questo computer può dedicarne a un modello {room}</translation>
    </message>
    <message>
        <source>answers slowly here: on the processor alone it wants {wanted} cores, this computer has {cores}</source>
        <translation>qui risponde lentamente: con il solo processore vuole {wanted} core, questo computer ne ha {cores}</translation>
    </message>
    <message>
        <source>fits: {need} GB of memory, runs on the GPU</source>
        <translation>adatto: {need} GB di memoria, gira sulla GPU</translation>
    </message>
    <message>
        <source>fits: {need} GB of memory, runs on Metal</source>
        <translation>adatto: {need} GB di memoria, gira su Metal</translation>
    </message>
    <message>
        <source>fits: {need} GB of memory, runs on the processor</source>
        <translation>adatto: {need} GB di memoria, gira sul processore</translation>
    </message>
</context>
<context>
    <name>model_manager_dialog</name>
    <message>
        <source>unpinned: not downloaded (Download says why; Import works)</source>
        <translation>non verificato: non scaricato (Scarica dice perché; Importa funziona)</translation>
    </message>
    <message>
        <source>paused at {size}: Download resumes</source>
        <translation>in pausa a {size}: Scarica riprende</translation>
    </message>
    <message>
        <source>available, unpinned (you added it)</source>
        <translation>disponibile, non verificato (l'hai aggiunto tu)</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelli</translation>
    </message>
    <message>
        <source>Privacy mode is on: downloads are off. Importing files still works.</source>
        <translation>La modalità privacy è attiva: niente download. Puoi comunque importare file.</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Scarica</translation>
    </message>
    <message>
        <source>Cancel download</source>
        <translation>Annulla download</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Rimuovi</translation>
    </message>
    <message>
        <source>Import file…</source>
        <translation>Importa file…</translation>
    </message>
    <message>
        <source>Import folder…</source>
        <translation>Importa cartella…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Chiudi</translation>
    </message>
    <message>
        <source>Import as</source>
        <translation>Importa come</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>avvio…</translation>
    </message>
    <message>
        <source>%p% · {done} of {total}</source>
        <translation>%p% · {done} di {total}</translation>
    </message>
    <message>
        <source>Import a model file</source>
        <translation>Importa un file di modello</translation>
    </message>
    <message>
        <source>Models (*.onnx *.gguf *.bin *.safetensors);;All files (*)</source>
        <translation>Modelli (*.onnx *.gguf *.bin *.safetensors);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>Import a model folder</source>
        <translation>Importa una cartella di modello</translation>
    </message>
    <message>
        <source>Remove model</source>
        <translation>Rimuovi modello</translation>
    </message>
    <message>
        <source>Remove {title} ({size}) from this machine?</source>
        <translation>Rimuovere {title} ({size}) da questo computer?</translation>
    </message>
    <message>
        <source>Downloading {title}…</source>
        <translation>Scarico {title}…</translation>
    </message>
    <message>
        <source>{title} is installed</source>
        <translation>{title} è installato</translation>
    </message>
    <message>
        <source>: unpinned, as you added it, so its files were not checked against a hash Bea knows.</source>
        <translation>: non verificato, l'hai aggiunto tu, quindi i suoi file non sono stati controllati con un hash che Bea conosce.</translation>
    </message>
    <message>
        <source>{title}: download paused. Download again to resume where it stopped.</source>
        <translation>{title}: download in pausa. Scarica di nuovo per riprendere da dove si era fermato.</translation>
    </message>
    <message>
        <source>Importing {name}…</source>
        <translation>Importo {name}…</translation>
    </message>
    <message>
        <source>Imported {name} as {target}.</source>
        <translation>Importato {name} come {target}.</translation>
    </message>
    <message>
        <source>Removed {model_id}.</source>
        <translation>Rimosso {model_id}.</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titolo</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Lingua</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Dimensione</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Licenza</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stato</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>installato</translation>
    </message>
    <message>
        <source>available</source>
        <translation>disponibile</translation>
    </message>
    <message>
        <source>about {size}</source>
        <translation>circa {size}</translation>
    </message>
</context>
<context>
    <name>mood_dock</name>
    <message>
        <source>Valence (pleasant ↑)</source>
        <translation>Valenza (piacevole ↑)</translation>
    </message>
    <message>
        <source>Arousal (energy ↑)</source>
        <translation>Attivazione (energia ↑)</translation>
    </message>
    <message>
        <source>No mood yet</source>
        <translation>Ancora nessun umore</translation>
    </message>
    <message>
        <source>settled</source>
        <translation>tranquilla</translation>
    </message>
    <message>
        <source>Now {word}  ·  valence {v:+.2f}  ·  arousal {a:.2f}</source>
        <translation>Ora {word}  ·  valenza {v:+.2f}  ·  attivazione {a:.2f}</translation>
    </message>
    <message>
        <source>Valence: how pleasant she feels (−1 to +1).
Arousal: how much energy she has (0 to 1).
Both ease back toward neutral over time.</source>
        <translation>Valenza: quanto si sente bene (da −1 a +1).
Attivazione: quanta energia ha (da 0 a 1).
Col tempo tornano entrambe verso il neutro.</translation>
    </message>
    <message>
        <source>last {hours:g} h</source>
        <translation>ultime {hours:g} h</translation>
    </message>
</context>
<context>
    <name>obs_dock</name>
    <message>
        <source>Set up OBS…</source>
        <translation>Configura OBS…</translation>
    </message>
    <message>
        <source>When you stream with OBS, switch it on in Settings → Skills: she then switches scenes, shows captions and knows when you go live.</source>
        <translation>Quando trasmetti con OBS, attivalo in Impostazioni → Skill: allora lei cambia scena, mostra i sottotitoli e sa quando vai in diretta.</translation>
    </message>
    <message>
        <source>&lt;span style='color:{quiet}'&gt;OBS: not set up&lt;/span&gt;</source>
        <translation>&lt;span style='color:{quiet}'&gt;OBS: non configurato&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Streaming: unknown · Recording: unknown</source>
        <translation>Diretta: sconosciuta · Registrazione: sconosciuta</translation>
    </message>
    <message>
        <source>Streaming: {streaming} · Recording: {recording}</source>
        <translation>Diretta: {streaming} · Registrazione: {recording}</translation>
    </message>
    <message>
        <source>Current scene: —</source>
        <translation>Scena attuale: —</translation>
    </message>
    <message>
        <source>Current scene: — (OBS is changing scene collection)</source>
        <translation>Scena attuale: — (OBS sta cambiando raccolta di scene)</translation>
    </message>
    <message>
        <source>Current scene: {scene} (scene collection “{scene_collection}”)</source>
        <translation>Scena attuale: {scene} (raccolta di scene “{scene_collection}”)</translation>
    </message>
    <message>
        <source>Double-click a scene to switch OBS to it. ★ marks the scenes she may use.</source>
        <translation>Doppio clic su una scena per passarci in OBS. ★ segna le scene che può usare lei.</translation>
    </message>
    <message>
        <source>Connect now</source>
        <translation>Collegati ora</translation>
    </message>
    <message>
        <source>Password…</source>
        <translation>Password…</translation>
    </message>
    <message>
        <source>&lt;span style='color:{colour}'&gt;●&lt;/span&gt; &lt;b&gt;OBS: {state}&lt;/b&gt; {address}</source>
        <translation>&lt;span style='color:{colour}'&gt;●&lt;/span&gt; &lt;b&gt;OBS: {state}&lt;/b&gt; {address}</translation>
    </message>
    <message>
        <source>OBS password</source>
        <translation>Password di OBS</translation>
    </message>
    <message>
        <source>OBS WebSocket password (Tools → WebSocket Server Settings → Show Connect Info).
Empty forgets it.</source>
        <translation>Password WebSocket di OBS (Strumenti → Impostazioni server WebSocket → Mostra informazioni di connessione).
Vuota: la dimentica.</translation>
    </message>
    <message>
        <source>off</source>
        <translation>spento</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>connessione…</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>connesso</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>non connesso</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>non risponde</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>rifiutato</translation>
    </message>
    <message>
        <source>LIVE</source>
        <translation>IN DIRETTA</translation>
    </message>
    <message>
        <source>on</source>
        <translation>accesa</translation>
    </message>
    <message>
        <source>off</source>
        <comment>an output, streaming or recording</comment>
        <translation>spenta</translation>
    </message>
</context>
<context>
    <name>obs_settings</name>
    <message>
        <source>The OBS password is saved in {where}.</source>
        <translation>La password di OBS è salvata {where}.</translation>
    </message>
    <message>
        <source>The OBS password is forgotten.</source>
        <translation>La password di OBS è stata dimenticata.</translation>
    </message>
    <message>
        <source>There is nowhere to keep the password in this build.</source>
        <translation>In questa versione non c'è un posto dove custodire la password.</translation>
    </message>
    <message>
        <source>OBS WebSocket password</source>
        <translation>Password WebSocket di OBS</translation>
    </message>
    <message>
        <source>set</source>
        <translation>impostata</translation>
    </message>
    <message>
        <source>Save password</source>
        <translation>Salva password</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Dimentica</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Password</translation>
    </message>
    <message>
        <source>The password is kept in {place}.</source>
        <translation>La password è custodita {place}.</translation>
    </message>
    <message>
        <source>nowhere in this build</source>
        <translation>da nessuna parte in questa versione</translation>
    </message>
    <message>
        <source>Type the password first (OBS: Tools → WebSocket Server Settings).</source>
        <translation>Prima scrivi la password (OBS: Strumenti → Impostazioni server WebSocket).</translation>
    </message>
</context>
<context>
    <name>passphrase</name>
    <message>
        <source>Unlock Bea's memory</source>
        <translation>Sblocca la memoria di Bea</translation>
    </message>
    <message>
        <source>There is no system keyring here, so Bea's memory is locked with a passphrase.</source>
        <translation>Qui non c'è un portachiavi di sistema, quindi la memoria di Bea è chiusa con una passphrase.</translation>
    </message>
    <message>
        <source>Choose one now; it cannot be recovered if you forget it.</source>
        <translation>Sceglila ora; se la dimentichi non si può recuperare.</translation>
    </message>
    <message>
        <source>Enter the passphrase you chose.</source>
        <translation>Scrivi la passphrase che hai scelto.</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Passphrase</translation>
    </message>
    <message>
        <source>Again</source>
        <translation>Ripeti</translation>
    </message>
    <message>
        <source>Use at least {count} characters.</source>
        <translation>Usa almeno {count} caratteri.</translation>
    </message>
    <message>
        <source>The two passphrases differ.</source>
        <translation>Le due passphrase sono diverse.</translation>
    </message>
    <message>
        <source>Enter the passphrase.</source>
        <translation>Scrivi la passphrase.</translation>
    </message>
</context>
<context>
    <name>people_dock</name>
    <message>
        <source>Clear the {mark} mark</source>
        <translation>Togli il segno {mark}</translation>
    </message>
    <message>
        <source>What they tried in chat no longer counts: the mark goes, and they start again from nothing</source>
        <translation>Quello che ha tentato in chat non conta più: il segno sparisce e riparte da zero</translation>
    </message>
    <message>
        <source>The {mark} mark on {name} is cleared: what they tried in chat no longer counts.</source>
        <translation>Il segno {mark} su {name} è stato tolto: quello che ha tentato in chat non conta più.</translation>
    </message>
    <message>
        <source>People need the encrypted database, and it is not open: there is no roster to show. Unlock or create her store and restart Bea.</source>
        <translation>Le persone stanno nel database cifrato, che non è aperto: non c'è nessun elenco da mostrare. Sblocca o crea il suo archivio e riavvia Bea.</translation>
    </message>
    <message>
        <source>Nobody yet: people appear here once they write in chat.</source>
        <translation>Ancora nessuno: le persone compaiono qui appena scrivono in chat.</translation>
    </message>
    <message>
        <source>Select someone in the roster to see their card.</source>
        <translation>Scegli qualcuno nell'elenco per vedere la sua scheda.</translation>
    </message>
    <message>
        <source>No card yet: mark them and she keeps one (attitude, profile and facts live on a card).</source>
        <translation>Ancora nessuna scheda: mettile il segno e lei ne terrà una (atteggiamento, profilo e fatti stanno nella scheda).</translation>
    </message>
    <message>
        <source> (a name she remembered; no account seen yet)</source>
        <translation> (un nome che ricordava; ancora nessun account visto)</translation>
    </message>
    <message>
        <source>(no name shown)</source>
        <translation>(nessun nome visibile)</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sì</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>{name} on {platform}: she calls them “{alias}”</source>
        <translation>{name} su {platform}: lo chiama “{alias}”</translation>
    </message>
    <message>
        <source>Search by name (every word must match)…</source>
        <translation>Cerca per nome (devono esserci tutte le parole)…</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aggiorna</translation>
    </message>
    <message>
        <source>Read the roster again (new people, new counts)</source>
        <translation>Rileggi l'elenco (persone nuove, conteggi nuovi)</translation>
    </message>
    <message>
        <source>Marked</source>
        <translation>Segnata</translation>
    </message>
    <message>
        <source>Marked: she keeps a card for them. Unmarking keeps the card they have.</source>
        <translation>Segnata: tiene una scheda su questa persona. Se togli il segno, la scheda resta.</translation>
    </message>
    <message>
        <source>The name she should use for them</source>
        <translation>Il nome che dovrebbe usare per questa persona</translation>
    </message>
    <message>
        <source>Set name</source>
        <translation>Imposta nome</translation>
    </message>
    <message>
        <source>Tell her this is their name: it replaces any she has</source>
        <translation>Dille che questo è il suo nome: sostituisce quello che ha già</translation>
    </message>
    <message>
        <source>How she feels about them, briefly</source>
        <translation>Cosa prova per questa persona, in breve</translation>
    </message>
    <message>
        <source>Who they are, in a few lines</source>
        <translation>Chi è, in poche righe</translation>
    </message>
    <message>
        <source>Save card</source>
        <translation>Salva scheda</translation>
    </message>
    <message>
        <source>Their other account's name (“Anna on Telegram”)</source>
        <translation>Il nome del suo altro account (“Anna su Telegram”)</translation>
    </message>
    <message>
        <source>Same person</source>
        <translation>Stessa persona</translation>
    </message>
    <message>
        <source>This account and the one named are one person: one card</source>
        <translation>Questo account e quello indicato sono la stessa persona: una sola scheda</translation>
    </message>
    <message>
        <source>A new fact about them…</source>
        <translation>Un fatto nuovo su questa persona…</translation>
    </message>
    <message>
        <source>Add fact</source>
        <translation>Aggiungi fatto</translation>
    </message>
    <message>
        <source>Remove fact</source>
        <translation>Togli fatto</translation>
    </message>
    <message>
        <source>Forget this person…</source>
        <translation>Dimentica questa persona…</translation>
    </message>
    <message>
        <source>yesterday 00:00</source>
        <translation>ieri 00:00</translation>
    </message>
    <message>
        <source>by name only</source>
        <translation>solo per nome</translation>
    </message>
    <message>
        <source>Twitch</source>
        <translation>Twitch</translation>
    </message>
    <message>
        <source>YouTube</source>
        <translation>YouTube</translation>
    </message>
    <message>
        <source>Telegram</source>
        <translation>Telegram</translation>
    </message>
    <message>
        <source>Discord</source>
        <translation>Discord</translation>
    </message>
    <message>
        <source>TikTok</source>
        <translation>TikTok</translation>
    </message>
    <message>
        <source>Streamlabs</source>
        <translation>Streamlabs</translation>
    </message>
    <message>
        <source>Ko-fi</source>
        <translation>Ko-fi</translation>
    </message>
    <message>
        <source>they donated</source>
        <translation>ha donato</translation>
    </message>
    <message>
        <source>she decided to remember them (or you marked them)</source>
        <translation>ha deciso di ricordarsene (o l'hai segnata tu)</translation>
    </message>
    <message>
        <source>they talked with her one to one</source>
        <translation>ha parlato con lei a tu per tu</translation>
    </message>
    <message>
        <source>a regular: they came to 3 or more streams</source>
        <translation>un habitué: è venuto a 3 o più live</translation>
    </message>
    <message>
        <source>they wrote a lot in chat (the profiler)</source>
        <translation>ha scritto tanto in chat (il profiler)</translation>
    </message>
    <message>
        <source>you said two accounts of theirs are one person</source>
        <translation>hai detto che due suoi account sono la stessa persona</translation>
    </message>
    <message>
        <source>described, from what they could see</source>
        <translation>descritto, da quello che si vedeva</translation>
    </message>
    <message>
        <source>seen, the name shown in chat</source>
        <translation>visto, il nome mostrato in chat</translation>
    </message>
    <message>
        <source>known, chosen when remembering them</source>
        <translation>conosciuto, scelto quando se n'è ricordata</translation>
    </message>
    <message>
        <source>known, they introduced themselves</source>
        <translation>conosciuto, si è presentato</translation>
    </message>
    <message>
        <source>known, you gave this name</source>
        <translation>conosciuto, questo nome l'hai dato tu</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>The name shown in chat. Click to sort A to Z.</source>
        <translation>Il nome mostrato in chat. Clicca per ordinare dalla A alla Z.</translation>
    </message>
    <message>
        <source>Platform</source>
        <translation>Piattaforma</translation>
    </message>
    <message>
        <source>Where the account is.</source>
        <translation>Dove sta l'account.</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Messaggi</translation>
    </message>
    <message>
        <source>Messages counted. Click to sort, most first.</source>
        <translation>Messaggi contati. Clicca per ordinare, dal più alto.</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sessioni</translation>
    </message>
    <message>
        <source>Streams they came to. Click to sort, most first.</source>
        <translation>Live a cui è venuto. Clicca per ordinare, dal più alto.</translation>
    </message>
    <message>
        <source>Donations</source>
        <translation>Donazioni</translation>
    </message>
    <message>
        <source>How many donations (the amounts are on the card). Click to sort.</source>
        <translation>Quante donazioni (gli importi sono nella scheda). Clicca per ordinare.</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Ultima volta</translation>
    </message>
    <message>
        <source>Click to sort, most recent first.</source>
        <translation>Clicca per ordinare, dal più recente.</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Scheda</translation>
    </message>
    <message>
        <source>Whether she keeps a card for them.</source>
        <translation>Se tiene una scheda su questa persona.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln messages</source>
        <translation>
            <numerusform>%Ln messaggio</numerusform>
            <numerusform>%Ln messaggi</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sessions</source>
        <translation>
            <numerusform>%Ln sessione</numerusform>
            <numerusform>%Ln sessioni</numerusform>
        </translation>
    </message>
    <message>
        <source>Her name for them</source>
        <translation>Il nome che usa lei</translation>
    </message>
    <message>
        <source>Also them</source>
        <translation>È anche</translation>
    </message>
    <message>
        <source>Attitude</source>
        <translation>Atteggiamento</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Profilo</translation>
    </message>
    <message>
        <source>Facts, newest first</source>
        <translation>Fatti, dal più recente</translation>
    </message>
    <message numerus="yes">
        <source>%Ln people match “{search}”</source>
        <translation>
            <numerusform>%Ln persona corrisponde a “{search}”</numerusform>
            <numerusform>%Ln persone corrispondono a “{search}”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln people seen</source>
        <translation>
            <numerusform>%Ln persona vista</numerusform>
            <numerusform>%Ln persone viste</numerusform>
        </translation>
    </message>
    <message>
        <source>this person</source>
        <translation>questa persona</translation>
    </message>
    <message>
        <source>No card yet.</source>
        <translation>Ancora nessuna scheda.</translation>
    </message>
    <message>
        <source>Card: {reason}.</source>
        <translation>Scheda: {reason}.</translation>
    </message>
    <message>
        <source> To her they are “{unfamiliar}”: she has no name for them yet.</source>
        <translation> Per lei è “{unfamiliar}”: non ha ancora un nome per questa persona.</translation>
    </message>
    <message>
        <source> · {messages} in {sessions} · last seen {when}</source>
        <translation> · {messages} in {sessions} · visto l'ultima volta {when}</translation>
    </message>
    <message>
        <source>&lt;p style='margin:0'&gt;&lt;b&gt;Names&lt;/b&gt;&lt;/p&gt;&lt;ul style='margin-top:2px'&gt;{names}&lt;/ul&gt;</source>
        <translation>&lt;p style='margin:0'&gt;&lt;b&gt;Nomi&lt;/b&gt;&lt;/p&gt;&lt;ul style='margin-top:2px'&gt;{names}&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Donations:&lt;/b&gt; {amounts}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Donazioni:&lt;/b&gt; {amounts}&lt;/p&gt;</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;&lt;b&gt;They really moved her&lt;/b&gt; %Ln times (her mood)&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;&lt;b&gt;L'ha davvero colpita&lt;/b&gt; una volta (il suo umore)&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;&lt;b&gt;L'ha davvero colpita&lt;/b&gt; %Ln volte (il suo umore)&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;On stream they&lt;/b&gt; {offences}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;In live&lt;/b&gt; {offences}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style='margin-bottom:0'&gt;&lt;b&gt;What each character calls them&lt;/b&gt;&lt;/p&gt;&lt;ul style='margin-top:2px'&gt;{names}&lt;/ul&gt;</source>
        <translation>&lt;p style='margin-bottom:0'&gt;&lt;b&gt;Come la chiama ogni personaggio&lt;/b&gt;&lt;/p&gt;&lt;ul style='margin-top:2px'&gt;{names}&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>{unfamiliar} &lt;i&gt;(no name yet)&lt;/i&gt;</source>
        <translation>{unfamiliar} &lt;i&gt;(ancora senza nome)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>{alias} on {platform} &lt;i&gt;({how})&lt;/i&gt;</source>
        <translation>{alias} su {platform} &lt;i&gt;({how})&lt;/i&gt;</translation>
    </message>
    <message>
        <source>; also </source>
        <translation>; anche </translation>
    </message>
    <message>
        <source>Card saved.</source>
        <translation>Scheda salvata.</translation>
    </message>
    <message>
        <source>Fact added.</source>
        <translation>Fatto aggiunto.</translation>
    </message>
    <message>
        <source>She already has that fact.</source>
        <translation>Quel fatto ce l'ha già.</translation>
    </message>
    <message>
        <source>Fact removed.</source>
        <translation>Fatto tolto.</translation>
    </message>
    <message>
        <source>That fact was already gone.</source>
        <translation>Quel fatto non c'era già più.</translation>
    </message>
    <message>
        <source>Type the name she should use for them first.</source>
        <translation>Prima scrivi il nome che dovrebbe usare per questa persona.</translation>
    </message>
    <message>
        <source>She now calls them {name}.</source>
        <translation>Ora la chiama {name}.</translation>
    </message>
    <message>
        <source>{name} and {account} are one person now.</source>
        <translation>{name} e {account} ora sono la stessa persona.</translation>
    </message>
    <message>
        <source>Marked: she keeps a card for them.</source>
        <translation>Segnata: tiene una scheda su questa persona.</translation>
    </message>
    <message>
        <source>Unmarked (the card stays).</source>
        <translation>Segno tolto (la scheda resta).</translation>
    </message>
    <message>
        <source>Forget {name} everywhere? This removes, for good:</source>
        <translation>Dimenticare {name} ovunque? Questo cancella per sempre:</translation>
    </message>
    <message>
        <source>• what she counted: {messages}, {sessions}</source>
        <translation>• quello che ha contato: {messages}, {sessions}</translation>
    </message>
    <message>
        <source>, donations of {amounts}</source>
        <translation>, donazioni per {amounts}</translation>
    </message>
    <message numerus="yes">
        <source>• their card: attitude, profile and %Ln facts</source>
        <translation>
            <numerusform>• la sua scheda: atteggiamento, profilo e %Ln fatto</numerusform>
            <numerusform>• la sua scheda: atteggiamento, profilo e %Ln fatti</numerusform>
        </translation>
    </message>
    <message>
        <source>• the name every character uses for them, and what the characters' buffers say of them</source>
        <translation>• il nome che ogni personaggio usa per questa persona, e quello che ne dicono i buffer dei personaggi</translation>
    </message>
    <message>
        <source>Their lines in the stream log stay, flagged: she never dreams or profiles from them again.</source>
        <translation>Le sue righe nel registro della live restano, contrassegnate: non ci sognerà né ci farà profili mai più.</translation>
    </message>
    <message>
        <source>Next you choose whether the memories about them go too. This cannot be undone.</source>
        <translation>Poi scegli se cancellare anche i ricordi su questa persona. Non si può annullare.</translation>
    </message>
    <message>
        <source>Forget {name}?</source>
        <translation>Dimenticare {name}?</translation>
    </message>
    <message>
        <source>Also forget the memories about them?</source>
        <translation>Dimenticare anche i ricordi su questa persona?</translation>
    </message>
    <message>
        <source>Also forget the memories that came from {name}: what they said that she kept in her memory?

Yes: those memories go too.
No: only the person goes; the memories stay, by nobody she knows.</source>
        <translation>Dimenticare anche i ricordi che vengono da {name}: quello che ha detto e che lei ha tenuto in memoria?

Sì: spariscono anche quei ricordi.
No: sparisce solo la persona; i ricordi restano, di qualcuno che non conosce.</translation>
    </message>
    <message>
        <source> and the memories about them.</source>
        <translation> e i ricordi su questa persona.</translation>
    </message>
    <message numerus="yes">
        <source>Forgot {name} (%Ln accounts)</source>
        <translation>
            <numerusform>Dimenticato {name} (%Ln account)</numerusform>
            <numerusform>Dimenticato {name} (%Ln account)</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>nessuna</translation>
    </message>
    <message numerus="yes">
        <source>• %Ln accounts: {accounts}</source>
        <translation>
            <numerusform>• %Ln account: {accounts}</numerusform>
            <numerusform>• %Ln account: {accounts}</numerusform>
        </translation>
    </message>
    <message>
        <source> on {platform}</source>
        <translation> su {platform}</translation>
    </message>
</context>
<context>
    <name>person_dock</name>
    <message>
        <source>What Bea knows about you lives in the encrypted database, and it is not open: there is nothing to show or correct. Unlock or create her store and restart Bea.</source>
        <translation>Quello che Bea sa di te sta nel database cifrato, che non è aperto: non c'è niente da mostrare o correggere. Sblocca o crea il suo archivio e riavvia Bea.</translation>
    </message>
    <message>
        <source>She knows nothing about you yet. Add something below, or press Getting to Know You.</source>
        <translation>Non sa ancora niente di te. Aggiungi qualcosa qui sotto, o premi Conosciamoci.</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Sezione</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Chiave</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Riassunto</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Fonte</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Sicurezza</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Osservato</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Scade</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>Dispositivo</translation>
    </message>
    <message>
        <source>Admin</source>
        <translation>Admin</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Creato</translation>
    </message>
    <message>
        <source>Last used</source>
        <translation>Ultimo uso</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Quando</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Cosa</translation>
    </message>
    <message>
        <source>Whose model</source>
        <translation>Modello di chi</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Dettaglio</translation>
    </message>
    <message>
        <source>for good</source>
        <translation>per sempre</translation>
    </message>
    <message>
        <source>for an hour</source>
        <translation>per un'ora</translation>
    </message>
    <message>
        <source>for a day</source>
        <translation>per un giorno</translation>
    </message>
    <message>
        <source>for a week</source>
        <translation>per una settimana</translation>
    </message>
    <message>
        <source>Who you are</source>
        <translation>Chi sei</translation>
    </message>
    <message>
        <source>Your usual day</source>
        <translation>La tua giornata tipo</translation>
    </message>
    <message>
        <source>Right now</source>
        <translation>In questo momento</translation>
    </message>
    <message>
        <source>Who matters to you</source>
        <translation>Chi conta per te</translation>
    </message>
    <message>
        <source>Open commitments</source>
        <translation>Impegni aperti</translation>
    </message>
    <message>
        <source>What you prefer</source>
        <translation>Cosa preferisci</translation>
    </message>
    <message>
        <source>you told her</source>
        <translation>gliel'hai detto tu</translation>
    </message>
    <message>
        <source>never</source>
        <translation>mai</translation>
    </message>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>%Ln voce</numerusform>
            <numerusform>%Ln voci</numerusform>
        </translation>
    </message>
    <message>
        <source>Add a device</source>
        <translation>Aggiungi un dispositivo</translation>
    </message>
    <message>
        <source>e.g. Sara's phone</source>
        <translation>es. il telefono di Sara</translation>
    </message>
    <message>
        <source>Admin device</source>
        <translation>Dispositivo admin</translation>
    </message>
    <message>
        <source>An admin device may also read the model of another member of the household (each such read goes into the audit log). A phone that only pushes your own signals does not need it.</source>
        <translation>Un dispositivo admin può leggere anche il modello di un'altra persona di casa (ogni lettura finisce nel registro). A un telefono che manda solo i tuoi segnali non serve.</translation>
    </message>
    <message>
        <source>Create token</source>
        <translation>Crea token</translation>
    </message>
    <message>
        <source>Device name</source>
        <translation>Nome del dispositivo</translation>
    </message>
    <message>
        <source>Token for {device}</source>
        <translation>Token per {device}</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copia</translation>
    </message>
    <message>
        <source>Copy this token into {device} now. &lt;b&gt;It will not be shown again&lt;/b&gt;: Bea keeps only a fingerprint of it. If you lose it, revoke the device and add it again.</source>
        <translation>Copia subito questo token in {device}. &lt;b&gt;Non verrà più mostrato&lt;/b&gt;: Bea ne tiene solo un'impronta. Se lo perdi, revoca il dispositivo e aggiungilo di nuovo.</translation>
    </message>
    <message>
        <source>The device sends it with every request to Bea's local API, as “Authorization: Bearer &lt;token&gt;”.</source>
        <translation>Il dispositivo lo manda a ogni richiesta all'API locale di Bea, come “Authorization: Bearer &lt;token&gt;”.</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiato</translation>
    </message>
    <message>
        <source>What she knows</source>
        <translation>Cosa sa</translation>
    </message>
    <message>
        <source>Senses</source>
        <translation>Sensi</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Dispositivi</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>Registro</translation>
    </message>
    <message>
        <source>Forget everything…</source>
        <translation>Dimentica tutto…</translation>
    </message>
    <message>
        <source>Delete every entry and every raw signal about you</source>
        <translation>Cancella ogni voce e ogni segnale grezzo su di te</translation>
    </message>
    <message>
        <source>Search (every word must match)…</source>
        <translation>Cerca (devono esserci tutte le parole)…</translation>
    </message>
    <message>
        <source>All sections</source>
        <translation>Tutte le sezioni</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Aggiorna</translation>
    </message>
    <message>
        <source>Read the model again (devices and agents write to it)</source>
        <translation>Rileggi il modello (ci scrivono dispositivi e agenti)</translation>
    </message>
    <message>
        <source>Getting to Know You</source>
        <translation>Conosciamoci</translation>
    </message>
    <message>
        <source>Exactly what an agent reads when it asks person_model (expired entries hidden)</source>
        <translation>Esattamente quello che legge un agente quando chiede a person_model (voci scadute nascoste)</translation>
    </message>
    <message>
        <source>key</source>
        <translation>chiave</translation>
    </message>
    <message>
        <source>A short stable name, e.g. home_city: the same key updates the entry</source>
        <translation>Un nome breve e fisso, es. home_city: la stessa chiave aggiorna la voce</translation>
    </message>
    <message>
        <source>summary, one line, e.g. Lives in Turin</source>
        <translation>riassunto, una riga, es. Vive a Torino</translation>
    </message>
    <message>
        <source>value (optional)</source>
        <translation>valore (facoltativo)</translation>
    </message>
    <message>
        <source>Optional: words, or JSON such as {"city": "Turin"}</source>
        <translation>Facoltativo: parole, o JSON come {"city": "Torino"}</translation>
    </message>
    <message>
        <source>Save correction</source>
        <translation>Salva correzione</translation>
    </message>
    <message>
        <source>Your word: it outranks anything an agent or a sense concluded</source>
        <translation>La tua parola: conta più di qualsiasi cosa abbiano dedotto un agente o un senso</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nuova</translation>
    </message>
    <message>
        <source>Clear the form to add an entry</source>
        <translation>Svuota il modulo per aggiungere una voce</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Cancella…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Her notes on you&lt;/b&gt;, word for word</source>
        <translation>&lt;b&gt;I suoi appunti su di te&lt;/b&gt;, parola per parola</translation>
    </message>
    <message>
        <source>&lt;b&gt;Correct:&lt;/b&gt;</source>
        <translation>&lt;b&gt;Correggi:&lt;/b&gt;</translation>
    </message>
    <message>
        <source>keep it</source>
        <translation>tienilo</translation>
    </message>
    <message>
        <source>Every sense is off until you switch it on. A sense reads signals your devices push to Bea and turns them into a few entries with plain rules, not an AI. Switching one off deletes what it concluded and the raw signals it kept; raw signals are kept {raw_signal_days} days at most.</source>
        <translation>Ogni senso è spento finché non lo accendi tu. Un senso legge i segnali che i tuoi dispositivi mandano a Bea e li trasforma in poche voci con regole semplici, non con un'AI. Se ne spegni uno, cancella quello che ha dedotto e i segnali grezzi che teneva; i segnali grezzi restano al massimo {raw_signal_days} giorni.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{sense}&lt;/b&gt; — reads {reads}&lt;br&gt;{purpose}</source>
        <translation>&lt;b&gt;{sense}&lt;/b&gt; — legge {reads}&lt;br&gt;{purpose}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{sense}&lt;/b&gt;&lt;br&gt;{purpose}</source>
        <translation>&lt;b&gt;{sense}&lt;/b&gt;&lt;br&gt;{purpose}</translation>
    </message>
    <message>
        <source>Add device…</source>
        <translation>Aggiungi dispositivo…</translation>
    </message>
    <message>
        <source>Revoke…</source>
        <translation>Revoca…</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Acceso</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Spento</translation>
    </message>
    <message numerus="yes">
        <source>%Ln raw signals kept from your devices right now.</source>
        <translation>
            <numerusform>%Ln segnale grezzo tenuto dai tuoi dispositivi in questo momento.</numerusform>
            <numerusform>%Ln segnali grezzi tenuti dai tuoi dispositivi in questo momento.</numerusform>
        </translation>
    </message>
    <message>
        <source> or </source>
        <translation> o </translation>
    </message>
    <message>
        <source>Nothing under {sections} matches "{query}".</source>
        <translation>Niente in {sections} corrisponde a "{query}".</translation>
    </message>
    <message>
        <source>Nothing is known about them under {sections} yet.</source>
        <translation>Di te non si sa ancora niente in {sections}.</translation>
    </message>
    <message>
        <source>Nothing known about them matches "{query}".</source>
        <translation>Niente di quello che si sa di te corrisponde a "{query}".</translation>
    </message>
    <message>
        <source>{shown} of {entries} match</source>
        <translation>{shown} su {entries} corrispondono</translation>
    </message>
    <message numerus="yes">
        <source> · %Ln expired (greyed: she no longer reads them)</source>
        <translation>
            <numerusform> · %Ln scaduta (in grigio: non la legge più)</numerusform>
            <numerusform> · %Ln scadute (in grigio: non le legge più)</numerusform>
        </translation>
    </message>
    <message>
        <source>{section}/{key}: {summary}
source: {source}</source>
        <translation>{section}/{key}: {summary}
fonte: {source}</translation>
    </message>
    <message>
        <source>
your words: “{quote}”</source>
        <translation>
le tue parole: “{quote}”</translation>
    </message>
    <message>
        <source>
expired: she no longer reads this</source>
        <translation>
scaduta: non la legge più</translation>
    </message>
    <message>
        <source>expired {expires}</source>
        <translation>scaduta {expires}</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>non ancora</translation>
    </message>
    <message>
        <source>No devices yet. </source>
        <translation>Ancora nessun dispositivo. </translation>
    </message>
    <message>
        <source>A device (your phone, a watch, a script) needs a token to reach Bea's local API: it pushes signals for the senses you switched on and can read or correct this model.</source>
        <translation>Un dispositivo (il telefono, un orologio, uno script) ha bisogno di un token per raggiungere l'API locale di Bea: manda segnali per i sensi che hai acceso e può leggere o correggere questo modello.</translation>
    </message>
    <message>
        <source>Nothing has happened yet.</source>
        <translation>Non è ancora successo niente.</translation>
    </message>
    <message>
        <source>Newest first; the latest {audit_rows} events are shown.</source>
        <translation>Dal più recente; sono mostrati gli ultimi {audit_rows} eventi.</translation>
    </message>
    <message>
        <source>Newest first.</source>
        <translation>Dal più recente.</translation>
    </message>
    <message>
        <source>Stop Getting to Know You</source>
        <translation>Basta conoscersi</translation>
    </message>
    <message>
        <source>End the interview; your lines in the Chat dock go to Bea again</source>
        <translation>Chiudi l'intervista; le tue righe nel pannello Chat tornano a Bea</translation>
    </message>
    <message>
        <source>A short interview in the Chat dock: it asks about what she does not know yet (six questions at most) and records your answers in your own words</source>
        <translation>Una breve intervista nel pannello Chat: chiede quello che non sa ancora (al massimo sei domande) e registra le tue risposte con le tue parole</translation>
    </message>
    <message>
        <source>Not saved: {exc}.</source>
        <translation>Non salvato: {exc}.</translation>
    </message>
    <message>
        <source>Not saved: {message}</source>
        <translation>Non salvato: {message}</translation>
    </message>
    <message>
        <source>Saved {section}/{key} as your correction ({reason}); agents and senses cannot change it now.</source>
        <translation>Salvato {section}/{key} come tua correzione ({reason}); ora agenti e sensi non possono cambiarlo.</translation>
    </message>
    <message>
        <source>Delete this entry?</source>
        <translation>Cancellare questa voce?</translation>
    </message>
    <message>
        <source>Delete {section}/{key}, {what}?

She forgets it at once. An agent or a sense may learn it again later; to keep her from it, correct it instead.</source>
        <translation>Cancellare {section}/{key}, {what}?

La dimentica subito. Un agente o un senso potrebbe impararla di nuovo più avanti; per evitarlo, correggila invece di cancellarla.</translation>
    </message>
    <message>
        <source>Deleted {section}/{key}.</source>
        <translation>Cancellato {section}/{key}.</translation>
    </message>
    <message>
        <source>{section}/{key} was already gone.</source>
        <translation>{section}/{key} non c'era già più.</translation>
    </message>
    <message>
        <source>Getting to Know You stopped: your lines in the Chat dock go to Bea again.</source>
        <translation>Conosciamoci è finito: le tue righe nel pannello Chat tornano a Bea.</translation>
    </message>
    <message numerus="yes">
        <source>the %Ln entries it concluded ({summaries})</source>
        <translation>
            <numerusform>la voce che ha dedotto ({summaries})</numerusform>
            <numerusform>le %Ln voci che ha dedotto ({summaries})</numerusform>
        </translation>
    </message>
    <message>
        <source>anything it concluded (nothing right now)</source>
        <translation>quello che ha dedotto (per ora niente)</translation>
    </message>
    <message>
        <source>Switch off the {name} sense?

This deletes, for good, {what} and every raw signal it collected from your devices. Signals it would read are ignored from now on.

You can switch it on again later; it starts from nothing.</source>
        <translation>Spegnere il senso {name}?

Questo cancella per sempre {what} e ogni segnale grezzo raccolto dai tuoi dispositivi. Da adesso i segnali che leggerebbe vengono ignorati.

Puoi riaccenderlo più avanti; ripartirà da zero.</translation>
    </message>
    <message>
        <source>The {name} sense is on: {purpose}</source>
        <translation>Il senso {name} è acceso: {purpose}</translation>
    </message>
    <message>
        <source>Switch off {name}?</source>
        <translation>Spegnere {name}?</translation>
    </message>
    <message numerus="yes">
        <source>The {name} sense is off: %Ln entries and its raw signals deleted.</source>
        <translation>
            <numerusform>Il senso {name} è spento: cancellata %Ln voce e i suoi segnali grezzi.</numerusform>
            <numerusform>Il senso {name} è spento: cancellati %Ln voci e i suoi segnali grezzi.</numerusform>
        </translation>
    </message>
    <message>
        <source>The {name} sense stays on.</source>
        <translation>Il senso {name} resta acceso.</translation>
    </message>
    <message>
        <source>No device added: {exc}.</source>
        <translation>Nessun dispositivo aggiunto: {exc}.</translation>
    </message>
    <message>
        <source>Added {name}. Its token was shown once; revoke the device if it is lost.</source>
        <translation>Aggiunto {name}. Il suo token è stato mostrato una volta; revoca il dispositivo se lo perdi.</translation>
    </message>
    <message>
        <source>Revoke {name}?</source>
        <translation>Revocare {name}?</translation>
    </message>
    <message>
        <source>Revoke the token of {name}?

It can no longer reach Bea's API. To connect it again, add it as a new device and copy the new token into it.</source>
        <translation>Revocare il token di {name}?

Non potrà più raggiungere l'API di Bea. Per ricollegarlo, aggiungilo come nuovo dispositivo e copiaci il nuovo token.</translation>
    </message>
    <message>
        <source>Revoked {name}.</source>
        <translation>Revocato {name}.</translation>
    </message>
    <message>
        <source>{name} had no token any more.</source>
        <translation>{name} non aveva più un token.</translation>
    </message>
    <message>
        <source>Forget everything Bea knows about you?</source>
        <translation>Dimenticare tutto quello che Bea sa di te?</translation>
    </message>
    <message>
        <source>Forget everything?</source>
        <translation>Dimenticare tutto?</translation>
    </message>
    <message numerus="yes">
        <source>Forgot everything: %Ln entries and every raw signal.</source>
        <translation>
            <numerusform>Dimenticato tutto: %Ln voce e ogni segnale grezzo.</numerusform>
            <numerusform>Dimenticato tutto: %Ln voci e ogni segnale grezzo.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is known about them yet.</source>
        <translation>Di te non si sa ancora niente.</translation>
    </message>
    <message>
        <source>This deletes, for good:</source>
        <translation>Questo cancella per sempre:</translation>
    </message>
    <message numerus="yes">
        <source>• all %Ln entries of the model: what you told her, what agents inferred and what senses concluded</source>
        <translation>
            <numerusform>• l'unica voce del modello: quello che le hai detto, quello che hanno dedotto agenti e sensi</numerusform>
            <numerusform>• tutte le %Ln voci del modello: quello che le hai detto, quello che hanno dedotto agenti e sensi</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>• all %Ln raw signals from your devices</source>
        <translation>
            <numerusform>• l'unico segnale grezzo dai tuoi dispositivi</numerusform>
            <numerusform>• tutti i %Ln segnali grezzi dai tuoi dispositivi</numerusform>
        </translation>
    </message>
    <message>
        <source>Devices holding a copy are told to drop it.</source>
        <translation>Ai dispositivi che ne hanno una copia viene detto di buttarla.</translation>
    </message>
    <message numerus="yes">
        <source>Stays: your %Ln devices and their tokens, which senses are on, and the audit log.</source>
        <translation>
            <numerusform>Restano: il tuo dispositivo e il suo token, quali sensi sono accesi, e il registro.</numerusform>
            <numerusform>Restano: i tuoi %Ln dispositivi e i loro token, quali sensi sono accesi, e il registro.</numerusform>
        </translation>
    </message>
    <message>
        <source>This cannot be undone.</source>
        <translation>Non si può annullare.</translation>
    </message>
</context>
<context>
    <name>plan_dock</name>
    <message>
        <source>No plan for today. Press New plan to write one: a headline and the things she should get done.</source>
        <translation>Nessun piano per oggi. Premi Nuovo piano per scriverne uno: un titolo e le cose che deve fare.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln in progress</source>
        <translation>
            <numerusform>%Ln in corso</numerusform>
            <numerusform>%Ln in corso</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln to do</source>
        <translation>
            <numerusform>%Ln da fare</numerusform>
            <numerusform>%Ln da fare</numerusform>
        </translation>
    </message>
    <message>
        <source>No objectives yet: add the first below.</source>
        <translation>Ancora nessun obiettivo: aggiungi il primo qui sotto.</translation>
    </message>
    <message>
        <source>Today's headline, e.g. “Finish the castle, be nice to raiders”</source>
        <translation>Il titolo di oggi, es. “Finire il castello, essere gentili con i raider”</translation>
    </message>
    <message>
        <source>A new objective…</source>
        <translation>Un nuovo obiettivo…</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Aggiungi</translation>
    </message>
    <message>
        <source>Headline</source>
        <translation>Titolo</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Modifica…</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Su</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Giù</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Inizia</translation>
    </message>
    <message>
        <source>Done…</source>
        <translation>Fatto…</translation>
    </message>
    <message>
        <source>Drop…</source>
        <translation>Scarta…</translation>
    </message>
    <message>
        <source>Reopen</source>
        <translation>Riapri</translation>
    </message>
    <message>
        <source>New plan…</source>
        <translation>Nuovo piano…</translation>
    </message>
    <message>
        <source>Edit objective</source>
        <translation>Modifica obiettivo</translation>
    </message>
    <message>
        <source>Objective done</source>
        <translation>Obiettivo fatto</translation>
    </message>
    <message>
        <source>How did it go?</source>
        <translation>Com'è andata?</translation>
    </message>
    <message>
        <source>Drop objective</source>
        <translation>Lascia perdere l'obiettivo</translation>
    </message>
    <message>
        <source>Why drop it?</source>
        <translation>Perché lasciarlo perdere?</translation>
    </message>
    <message>
        <source>Headline for today (may be empty):</source>
        <translation>Titolo per oggi (può restare vuoto):</translation>
    </message>
    <message>
        <source>This replaces the current plan and its objectives.
</source>
        <translation>Questo sostituisce il piano attuale e i suoi obiettivi.
</translation>
    </message>
    <message>
        <source>Clear plan</source>
        <translation>Svuota piano</translation>
    </message>
    <message>
        <source>New plan</source>
        <translation>Nuovo piano</translation>
    </message>
    <message>
        <source>Clear today's plan? She stops seeing it at once.</source>
        <translation>Svuotare il piano di oggi? Smette subito di vederlo.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln done</source>
        <translation>
            <numerusform>%Ln fatto</numerusform>
            <numerusform>%Ln fatti</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln dropped</source>
        <translation>
            <numerusform>%Ln abbandonato</numerusform>
            <numerusform>%Ln abbandonati</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>platform_dock</name>
    <message>
        <source>(removed by a moderator)</source>
        <translation>(rimosso da un moderatore)</translation>
    </message>
</context>
<context>
    <name>problems</name>
    <message>
        <source>She could not turn the stream into memories yet; she tries again later (detail: {detail}).</source>
        <translation>Non è ancora riuscita a trasformare la live in ricordi; riproverà più tardi (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>the local API was sent many wrong device tokens from {client}; that address is refused for a while. If no device of yours is misconfigured, someone is guessing: turn off 'Reachable from your network' (Settings → Local API) or revoke tokens you do not know.</source>
        <translation>l'API locale ha ricevuto molti token di dispositivo sbagliati da {client}; quell'indirizzo è rifiutato per un po'. Se nessun tuo dispositivo è configurato male, qualcuno sta tirando a indovinare: disattiva 'Raggiungibile dalla tua rete' (Impostazioni → API locale) o revoca i token che non conosci.</translation>
    </message>
    <message>
        <source>the local API stays on this computer: it is served on your network only over TLS, and {reason}</source>
        <translation>l'API locale resta su questo computer: in rete la si serve solo su TLS, e {reason}</translation>
    </message>
    <message>
        <source>the local API's network setting is settled</source>
        <translation>l'impostazione di rete dell'API locale è a posto</translation>
    </message>
    <message>
        <source>The local API could not start: port {port} is taken (change it in Settings → Local API).</source>
        <translation>L'API locale non è partita: la porta {port} è occupata (cambiala in Impostazioni → API locale).</translation>
    </message>
    <message>
        <source>The local API could not listen on {where} (detail: {detail}).</source>
        <translation>L'API locale non è riuscita a mettersi in ascolto su {where} (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The local API could not start (detail: {detail}).</source>
        <translation>L'API locale non è partita (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>She couldn't answer: {reason}</source>
        <translation>Non è riuscita a rispondere: {reason}</translation>
    </message>
    <message>
        <source>She couldn't answer: nothing answers at the address of her model {model}. Is its server (Ollama, LM Studio…) running? (detail: {reason})</source>
        <translation>Non è riuscita a rispondere: all'indirizzo del suo modello {model} non risponde nessuno. Il suo server (Ollama, LM Studio…) è aperto? (dettaglio: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: privacy mode keeps her from her model {model}, which is not on this computer (detail: {reason})</source>
        <translation>Non è riuscita a rispondere: la modalità privacy le impedisce di usare il suo modello {model}, che non è su questo computer (dettaglio: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: the server of her model {model} refused its API key; check it in Settings → Mind (detail: {reason})</source>
        <translation>Non è riuscita a rispondere: il server del suo modello {model} ha rifiutato la chiave API; controllala in Impostazioni → Mente (dettaglio: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: her model {model} was asked too often and asks her to wait (detail: {reason})</source>
        <translation>Non è riuscita a rispondere: il suo modello {model} ha ricevuto troppe richieste e le chiede di aspettare (dettaglio: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: her model {model} took too long (detail: {reason})</source>
        <translation>Non è riuscita a rispondere: il suo modello {model} ci ha messo troppo (dettaglio: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: the server of her model {model} failed (detail: {reason})</source>
        <translation>Non è riuscita a rispondere: il server del suo modello {model} ha avuto un errore (dettaglio: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: the server of her model {model} refused the request; check the model's name in Settings → Mind (detail: {reason})</source>
        <translation>Non è riuscita a rispondere: il server del suo modello {model} ha rifiutato la richiesta; controlla il nome del modello in Impostazioni → Mente (dettaglio: {reason})</translation>
    </message>
    <message>
        <source>no audio devices were found</source>
        <translation>non ne è stato trovato nessuno</translation>
    </message>
    <message>
        <source>Her ears could not load, so she can't hear you (detail: {detail}).</source>
        <translation>Le sue orecchie non si sono caricate, quindi non può sentirti (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Her voice could not load, so she can't speak aloud (detail: {detail}).</source>
        <translation>La sua voce non si è caricata, quindi non può parlare a voce (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Her voice is not the one for your language (detail: {detail}).</source>
        <translation>La sua voce non è quella della tua lingua (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>No audio device: she can't hear you or speak aloud. The Voice dock says why and how to fix it.</source>
        <translation>Nessun dispositivo audio: non può sentirti né parlare a voce. Il pannello Voce ti dice perché e come rimediare.</translation>
    </message>
    <message>
        <source>No audio device: she can't hear you. The Voice dock says why and how to fix it.</source>
        <translation>Nessun dispositivo audio: non può sentirti. Il pannello Voce ti dice perché e come rimediare.</translation>
    </message>
    <message>
        <source>No audio device: she can't speak aloud. The Voice dock says why and how to fix it.</source>
        <translation>Nessun dispositivo audio: non può parlare a voce. Il pannello Voce ti dice perché e come rimediare.</translation>
    </message>
    <message>
        <source>Voice could not start: {why}</source>
        <translation>La voce non è partita: {why}</translation>
    </message>
    <message>
        <source>No audio device (detail: {detail}).</source>
        <translation>Nessun dispositivo audio (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>No audio device:</source>
        <translation>Nessun dispositivo audio:</translation>
    </message>
    <message>
        <source>She speaks into silence: captions and lip sync still work.</source>
        <translation>Parla nel silenzio: i sottotitoli e il labiale funzionano lo stesso.</translation>
    </message>
    <message>
        <source>Voice stopped</source>
        <translation>Voce fermata</translation>
    </message>
    <message>
        <source>Her voice is not taken out of the microphone (detail: {detail}); wear headphones or use push to talk.</source>
        <translation>La sua voce non viene tolta dal microfono (dettaglio: {detail}); usa le cuffie o il tasto per parlare.</translation>
    </message>
    <message>
        <source>Her voice broke off mid-line (detail: {detail}).</source>
        <translation>La sua voce si è interrotta a metà frase (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The stage cannot listen on port {port}: pick another port in Settings → Stage (detail: {detail}).</source>
        <translation>Il palco non riesce a mettersi in ascolto sulla porta {port}: scegline un'altra in Impostazioni → Palco (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Port {port} is still held by another program, so the stage is off: OBS and this window cannot show her. Quit that program, then switch the stage off and on; or pick another port in Settings → Stage (and in OBS's browser source). (detail: {detail})</source>
        <translation>La porta {port} è ancora occupata da un altro programma, quindi il palco è spento: né OBS né questa finestra possono mostrarla. Chiudi quel programma, poi spegni e riaccendi il palco; oppure scegli un'altra porta in Impostazioni → Palco (e nella sorgente browser di OBS). (dettaglio: {detail})</translation>
    </message>
    <message>
        <source>Port {port}, where OBS reads the stage, is held by another program. Bea tries again every {every} s: quit that program, or pick another port in Settings → Stage. (detail: {detail})</source>
        <translation>La porta {port}, da cui OBS legge il palco, è occupata da un altro programma. Bea riprova ogni {every} s: chiudi quel programma, oppure scegli un'altra porta in Impostazioni → Palco. (dettaglio: {detail})</translation>
    </message>
    <message>
        <source>Her avatar is not shown: {why}</source>
        <translation>Il suo avatar non si vede: {why}</translation>
    </message>
    <message>
        <source>Her avatar is shown.</source>
        <translation>Il suo avatar è visibile.</translation>
    </message>
    <message>
        <source>{title} could not start (detail: {detail}).</source>
        <translation>{title} non è partita (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: it was the same as one she sent less than 30 seconds ago.</source>
        <translation>Twitch non ha pubblicato il suo messaggio: era uguale a uno che aveva mandato meno di 30 secondi prima.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: she was sending messages too fast.</source>
        <translation>Twitch non ha pubblicato il suo messaggio: stava mandando messaggi troppo in fretta.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in slow mode and she wrote again too soon. To let her skip slow mode, make her a moderator there (/mod {her}).</source>
        <translation>Twitch non ha pubblicato il suo messaggio: {chan} è in modalità lenta e lei ha riscritto troppo presto. Per farle saltare la modalità lenta, rendila moderatrice lì (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in unique-chat mode and her message was not unique.</source>
        <translation>Twitch non ha pubblicato il suo messaggio: {chan} è in modalità chat unica e il suo messaggio non era unico.</translation>
    </message>
    <message>
        <source>Twitch's AutoMod is holding her message for a moderator to review: it is not in chat yet.</source>
        <translation>L'AutoMod di Twitch tiene il suo messaggio in attesa che un moderatore lo controlli: non è ancora in chat.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: it has words the channel's moderation settings block.</source>
        <translation>Twitch non ha pubblicato il suo messaggio: contiene parole bloccate dalle impostazioni di moderazione del canale.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: it had characters Twitch does not allow.</source>
        <translation>Twitch non ha pubblicato il suo messaggio: conteneva caratteri che Twitch non permette.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: she is timed out in {chan}. Twitch says: {twitch}</source>
        <translation>Twitch non ha pubblicato il suo messaggio: è sospesa in {chan}. Twitch dice: {twitch}</translation>
    </message>
    <message>
        <source>Twitch did not post her message: her account{login} is banned from {chan}. To let her write, unban her there (/unban {her}).</source>
        <translation>Twitch non ha pubblicato il suo messaggio: il suo account{login} è bannato da {chan}. Per farla scrivere, togli il ban lì (/unban {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: her account{login} is blocked in {chan}. Twitch says: {twitch}</source>
        <translation>Twitch non ha pubblicato il suo messaggio: il suo account{login} è bloccato in {chan}. Twitch dice: {twitch}</translation>
    </message>
    <message>
        <source>Twitch did not post her message: her Twitch account{login} is suspended, so she cannot write in any chat.</source>
        <translation>Twitch non ha pubblicato il suo messaggio: il suo account Twitch{login} è sospeso, quindi non può scrivere in nessuna chat.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: the channel {chan} is suspended.</source>
        <translation>Twitch non ha pubblicato il suo messaggio: il canale {chan} è sospeso.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in emote-only mode. Turn it off, or make her a moderator there (/mod {her}).</source>
        <translation>Twitch non ha pubblicato il suo messaggio: {chan} è in modalità solo emote. Disattivala, oppure rendila moderatrice lì (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in subscribers-only mode. Turn it off, or make her a moderator there (/mod {her}) or a VIP (/vip {her}).</source>
        <translation>Twitch non ha pubblicato il suo messaggio: {chan} è in modalità solo abbonati. Disattivala, oppure rendila moderatrice lì (/mod {her}) o VIP (/vip {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in followers-only mode and her account does not follow it long enough. Follow {chan} with her account, turn the mode off, or make her a moderator there (/mod {her}).</source>
        <translation>Twitch non ha pubblicato il suo messaggio: {chan} è in modalità solo follower e il suo account non lo segue da abbastanza tempo. Segui {chan} con il suo account, disattiva la modalità, oppure rendila moderatrice lì (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in followers-only mode and her account has not followed it long enough. Turn the mode off, or make her a moderator there (/mod {her}).</source>
        <translation>Twitch non ha pubblicato il suo messaggio: {chan} è in modalità solo follower e il suo account non lo segue da abbastanza tempo. Disattiva la modalità, oppure rendila moderatrice lì (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in followers-only mode and her account does not follow it. Follow {chan} with her account, turn the mode off, or make her a moderator there (/mod {her}).</source>
        <translation>Twitch non ha pubblicato il suo messaggio: {chan} è in modalità solo follower e il suo account non lo segue. Segui {chan} con il suo account, disattiva la modalità, oppure rendila moderatrice lì (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} only lets accounts with a verified email write. Verify the email of her Twitch account{login}.</source>
        <translation>Twitch non ha pubblicato il suo messaggio: in {chan} possono scrivere solo gli account con un'email verificata. Verifica l'email del suo account Twitch{login}.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} only lets accounts with a verified phone number write. Verify a phone number on her Twitch account{login}.</source>
        <translation>Twitch non ha pubblicato il suo messaggio: in {chan} possono scrivere solo gli account con un numero di telefono verificato. Verifica un numero di telefono sul suo account Twitch{login}.</translation>
    </message>
    <message>
        <source>Twitch did not post her message. Twitch says: {twitch}</source>
        <translation>Twitch non ha pubblicato il suo messaggio. Twitch dice: {twitch}</translation>
    </message>
    <message>
        <source>The recap could not be written; the window stays whole and it retries in 5 minutes (detail: {detail}).</source>
        <translation>Non è stato possibile scrivere il riassunto: la finestra resta intera e si riprova tra 5 minuti (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Privacy mode is on, so she will not use {models}: not on this computer. Choose a model on this computer, or switch privacy mode off.</source>
        <translation>La modalità privacy è attiva, quindi non userà {models}: non sono su questo computer. Scegli un modello su questo computer, o disattiva la modalità privacy.</translation>
    </message>
    <message>
        <source>Her memory could not load (detail: {detail}).</source>
        <translation>La sua memoria non si è caricata (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Re-embedding her memories stopped; what is left is done at the next start (detail: {detail}).</source>
        <translation>Il ricalcolo dei suoi ricordi si è fermato; il resto si fa al prossimo avvio (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Her dream failed (detail: {detail}).</source>
        <translation>Il suo sogno non è riuscito (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The caption source “{source}” could not be updated (detail: {detail}).</source>
        <translation>Non è stato possibile aggiornare la fonte dei sottotitoli “{source}” (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The stream session could not be opened (detail: {detail}).</source>
        <translation>Non è stato possibile aprire la sessione della live (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The stream session could not be closed (detail: {detail}).</source>
        <translation>Non è stato possibile chiudere la sessione della live (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>OBS is not answering at {where}. Is OBS running, with its WebSocket server on (Tools → WebSocket Server Settings)?</source>
        <translation>OBS non risponde su {where}. OBS è aperto, con il server WebSocket attivo (Strumenti → Impostazioni server WebSocket)?</translation>
    </message>
    <message>
        <source>Something at {where} answered, but it is not OBS's WebSocket server.</source>
        <translation>Su {where} ha risposto qualcosa, ma non è il server WebSocket di OBS.</translation>
    </message>
    <message>
        <source>OBS at {where} did not answer in time.</source>
        <translation>OBS su {where} non ha risposto in tempo.</translation>
    </message>
    <message>
        <source>The OBS host name {host} is not known: check the address in Settings → OBS.</source>
        <translation>Il nome host di OBS {host} è sconosciuto: controlla l'indirizzo in Impostazioni → OBS.</translation>
    </message>
    <message>
        <source>Bea could not reach OBS at {where} (detail: {detail}).</source>
        <translation>Bea non è riuscita a raggiungere OBS su {where} (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Bea could not connect to OBS at {where} (detail: {detail}).</source>
        <translation>Bea non è riuscita a collegarsi a OBS su {where} (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>OBS at {where} did not answer as obs-websocket 5 does: is OBS 28 or newer? (detail: {detail})</source>
        <translation>OBS su {where} non ha risposto come fa obs-websocket 5: hai OBS 28 o più recente? (dettaglio: {detail})</translation>
    </message>
    <message>
        <source>OBS at {where} closed the connection (detail: {detail}).</source>
        <translation>OBS su {where} ha chiuso la connessione (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Privacy mode is on, so Bea reaches only this computer: OBS at {where} is out of her reach (detail: {detail}).</source>
        <translation>La modalità privacy è attiva, quindi Bea raggiunge solo questo computer: OBS su {where} è fuori dalla sua portata (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>OBS asks for a WebSocket password and none is set. Copy it from OBS (Tools → WebSocket Server Settings → Show Connect Info) into Settings → OBS.</source>
        <translation>OBS chiede una password WebSocket e non ne è impostata nessuna. Copiala da OBS (Strumenti → Impostazioni server WebSocket → Mostra informazioni di connessione) in Impostazioni → OBS.</translation>
    </message>
    <message>
        <source>OBS refused the password. Copy it from OBS (Tools → WebSocket Server Settings → Show Connect Info) into Settings → OBS; Bea does not try again until then.</source>
        <translation>OBS ha rifiutato la password. Copiala da OBS (Strumenti → Impostazioni server WebSocket → Mostra informazioni di connessione) in Impostazioni → OBS; fino ad allora Bea non riprova.</translation>
    </message>
    <message>
        <source>OBS speaks a different version of the obs-websocket protocol. Update OBS (28 or newer) or Bea.</source>
        <translation>OBS parla un'altra versione del protocollo obs-websocket. Aggiorna OBS (28 o più recente) oppure Bea.</translation>
    </message>
    <message>
        <source>Lost the connection to OBS at {where}.</source>
        <translation>Connessione con OBS su {where} persa.</translation>
    </message>
    <message>
        <source>OBS at {where} is not answering: nothing came back in {seconds} s. Her OBS tools are away until it answers again.</source>
        <translation>OBS su {where} non risponde: nessuna risposta in {seconds} s. I suoi strumenti OBS restano fuori finché non risponde di nuovo.</translation>
    </message>
    <message>
        <source>Trying again in {delay} s.</source>
        <translation>Nuovo tentativo tra {delay} s.</translation>
    </message>
    <message>
        <source>If you don't use OBS, switch it off in Settings → Skills.</source>
        <translation>Se non usi OBS, spegnilo in Impostazioni → Skill.</translation>
    </message>
    <message>
        <source>Connecting to OBS at {where}…</source>
        <translation>Connessione a OBS su {where}…</translation>
    </message>
    <message>
        <source>Connected to OBS{version} at {where}.</source>
        <translation>Connessa a OBS{version} su {where}.</translation>
    </message>
    <message>
        <source>OBS control is off.</source>
        <translation>Il controllo di OBS è spento.</translation>
    </message>
    <message>
        <source>OBS is closing.</source>
        <translation>OBS si sta chiudendo.</translation>
    </message>
    <message>
        <source>{title} stopped, and trying again cannot help until the settings change (detail: {detail}).</source>
        <translation>{title} si è fermato, e riprovare non serve finché le impostazioni non cambiano (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>{title} refused her bot token: check it in Settings → {title} (detail: {detail}).</source>
        <translation>{title} ha rifiutato il token del suo bot: controllalo in Impostazioni → {title} (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>{title} refused what her bot asks to read (its intents): turn them on for her bot in the developer portal (detail: {detail}).</source>
        <translation>{title} ha rifiutato quello che il suo bot chiede di leggere (gli intent): attivali per il suo bot nel portale per sviluppatori (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Another program is reading with the same {title} bot token, and only one can (detail: {detail}).</source>
        <translation>Un altro programma sta leggendo con lo stesso token del bot {title}, e può farlo uno solo (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>{title} is not answering; Bea tries again by herself, and her {title} tools are away meanwhile (detail: {detail}).</source>
        <translation>{title} non risponde; Bea riprova da sola, e intanto i suoi strumenti di {title} restano fuori (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Twitch refused her login: check her token in Settings → Twitch (detail: {detail}).</source>
        <translation>Twitch ha rifiutato il suo accesso: controlla il suo token in Impostazioni → Twitch (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Twitch chat could not connect, and trying again cannot help until the settings change (detail: {detail}).</source>
        <translation>La chat di Twitch non si è collegata, e riprovare non serve finché le impostazioni non cambiano (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Her Twitch settings changed: a refusal of her messages is said again if it still holds.</source>
        <translation>Le sue impostazioni di Twitch sono cambiate: se i suoi messaggi vengono ancora rifiutati, te lo dirà di nuovo.</translation>
    </message>
    <message>
        <source>Twitch posts her messages again.</source>
        <translation>Twitch pubblica di nuovo i suoi messaggi.</translation>
    </message>
    <message>
        <source>YouTube chat stopped (detail: {detail}).</source>
        <translation>La chat di YouTube si è fermata (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>A Super Chat was not read (detail: {detail}).</source>
        <translation>Un Super Chat non è stato letto (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Her turn failed (detail: {detail}).</source>
        <translation>Il suo turno non è andato a buon fine (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Her turn broke off after she had answered (detail: {detail}).</source>
        <translation>Il suo turno si è interrotto dopo che aveva già risposto (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The briefing took too long; this turn goes without it.</source>
        <translation>Il briefing ci ha messo troppo: questo turno va avanti senza.</translation>
    </message>
    <message>
        <source>The briefing failed; this turn goes without it (detail: {detail}).</source>
        <translation>Il briefing non è riuscito: questo turno va avanti senza (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The {owner} prompt names tools she was not given: {tools}.</source>
        <translation>Il prompt {owner} nomina strumenti che lei non ha: {tools}.</translation>
    </message>
    <message>
        <source>The model {model} answered in plain text instead of calling her tools, so nobody heard her: its server may drop the tools it is sent (Test connection in Settings → Mind tells).</source>
        <translation>Il modello {model} ha risposto in testo semplice invece di chiamare i suoi strumenti, quindi nessuno l'ha sentita: il suo server forse scarta gli strumenti che riceve (lo dice «Prova la connessione» in Impostazioni → Mente).</translation>
    </message>
    <message>
        <source>Her voice failed on a line (detail: {detail}).</source>
        <translation>La sua voce si è bloccata su una frase (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Not delivered to {channel} (detail: {detail}).</source>
        <translation>Non inviato a {channel} (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Not delivered to {channel}: she stopped first. The line: {line}</source>
        <translation>Non inviato a {channel}: si è fermata prima. La frase: {line}</translation>
    </message>
    <message>
        <source>{purpose}: privacy mode is on: {where} is not on this machine nor among your own machines (Settings → General), so Bea will not connect to it.</source>
        <translation>{purpose}: la modalità privacy è attiva: {where} non è su questo computer né tra le tue macchine (Impostazioni → Generale), quindi Bea non si collegherà.</translation>
    </message>
    <message>
        <source>{purpose}: {where} could not be resolved.</source>
        <translation>{purpose}: impossibile trovare l'indirizzo di {where}.</translation>
    </message>
    <message>
        <source>{purpose}: privacy mode is on: {where} resolves to {address}, which is not on this machine, so Bea will not connect to it.</source>
        <translation>{purpose}: la modalità privacy è attiva e {where} porta a {address}, che non è su questo computer, quindi Bea non si collega.</translation>
    </message>
    <message>
        <source>{purpose}: privacy mode is on: {where} is one of your own machines (Settings → General), but it resolves to {address}, which is not a private address, so Bea will not connect to it.</source>
        <translation>{purpose}: la modalità privacy è attiva: {where} è una delle tue macchine (Impostazioni → Generale), ma corrisponde a {address}, che non è un indirizzo privato, quindi Bea non si collegherà.</translation>
    </message>
    <message>
        <source>{purpose}: privacy mode is on: {where} is one of your own machines (Settings → General), but this computer does not know its address: name it in the hosts file, or list its address instead.</source>
        <translation>{purpose}: la modalità privacy è attiva: {where} è una delle tue macchine (Impostazioni → Generale), ma questo computer non ne conosce l'indirizzo: aggiungilo al file hosts, oppure elenca direttamente il suo indirizzo.</translation>
    </message>
    <message>
        <source>Streamlabs: no socket token is set (Settings → Donations).</source>
        <translation>Streamlabs: manca il socket token (Impostazioni → Donazioni).</translation>
    </message>
    <message>
        <source>Streamlabs refused the socket token: check it in Settings → Donations (detail: {detail}).</source>
        <translation>Streamlabs ha rifiutato il socket token: controllalo in Impostazioni → Donazioni (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Streamlabs could not be reached (detail: {detail}).</source>
        <translation>Impossibile raggiungere Streamlabs (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>A Streamlabs event was not read (detail: {detail}).</source>
        <translation>Un evento di Streamlabs non è stato letto (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>A Streamlabs tip could not be stored (detail: {detail}).</source>
        <translation>Una donazione di Streamlabs non è stata salvata (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Getting to Know You failed (detail: {detail}).</source>
        <translation>Conosciamoci si è interrotto per un errore (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>{title}: something she was keeping could not be stored (detail: {detail}).</source>
        <translation>{title}: non è riuscita a salvare un dato (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>She cannot hear the Discord call: its audio does not open or decode (detail: {why}). Leave and join the call again.</source>
        <translation>Non riesce a sentire la chiamata di Discord: il suo audio non si apre o non si decodifica (dettaglio: {why}). Esci dalla chiamata e rientra.</translation>
    </message>
    <message>
        <source>PortAudio is not installed, so Bea can neither hear nor speak aloud: install it (Debian/Ubuntu: apt-get install libportaudio2; Fedora: dnf install portaudio) and restart (detail: {detail}).</source>
        <translation>PortAudio non è installato, quindi Bea non può né sentire né parlare a voce: installalo (Debian/Ubuntu: apt-get install libportaudio2; Fedora: dnf install portaudio) e riavvia (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The sounddevice package is not installed (detail: {detail}).</source>
        <translation>Il pacchetto sounddevice non è installato (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The speakers could not be opened (detail: {detail}).</source>
        <translation>Non si riescono ad aprire gli altoparlanti (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The microphone could not be opened (detail: {detail}).</source>
        <translation>Non si riesce ad aprire il microfono (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>The chat check that reads what a line means could not run, so only its word rules guard her now (detail: {detail}).</source>
        <translation>Il controllo della chat che legge il senso di una riga non è partito: ora la proteggono solo le regole sulle parole (dettaglio: {detail}).</translation>
    </message>
    <message>
        <source>Her ears on {server} do not answer: {why}. Meanwhile she hears on the next place listed, this computer last.</source>
        <translation>Le sue orecchie su {server} non rispondono: {why}. Nel frattempo ascolta dal posto successivo dell'elenco, per ultimo questo computer.</translation>
    </message>
    <message>
        <source>Her voice on {server} does not answer: {why}. Meanwhile she speaks from the next place listed, this computer last.</source>
        <translation>La sua voce su {server} non risponde: {why}. Nel frattempo parla dal posto successivo dell'elenco, per ultimo questo computer.</translation>
    </message>
    <message>
        <source>Her ears on {server} answer again.</source>
        <translation>Le sue orecchie su {server} rispondono di nuovo.</translation>
    </message>
    <message>
        <source>Her voice on {server} answers again.</source>
        <translation>La sua voce su {server} risponde di nuovo.</translation>
    </message>
</context>
<context>
    <name>problems_panel</name>
    <message>
        <source>Show every problem</source>
        <translation>Mostra tutti i problemi</translation>
    </message>
    <message>
        <source>Show only the first problem</source>
        <translation>Mostra solo il primo problema</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Impostazioni</translation>
    </message>
    <message>
        <source>Settings → {title}</source>
        <translation>Impostazioni → {title}</translation>
    </message>
    <message>
        <source>Hide this line; it comes back if it happens again.</source>
        <translation>Nascondi questa riga; torna se succede di nuovo.</translation>
    </message>
</context>
<context>
    <name>prompt_diff</name>
    <message>
        <source>edited by you</source>
        <translation>modificato da te</translation>
    </message>
    <message>
        <source>as shipped</source>
        <translation>originale</translation>
    </message>
    <message>
        <source>Prompt changes</source>
        <translation>Modifiche ai prompt</translation>
    </message>
    <message>
        <source>Bea's soul and operating manual are files you can edit, in {folder}. Bea never overwrites a file you edited; here is how yours differ from what ships.</source>
        <translation>L'anima e il manuale operativo di Bea sono file che puoi modificare, in {folder}. Bea non sovrascrive mai un file che hai modificato; ecco in cosa i tuoi sono diversi dagli originali.</translation>
    </message>
    <message>
        <source>Open the file</source>
        <translation>Apri il file</translation>
    </message>
    <message>
        <source>Restore the shipped text</source>
        <translation>Ripristina il testo originale</translation>
    </message>
    <message>
        <source>{name}.md: {state}</source>
        <translation>{name}.md: {state}</translation>
    </message>
    <message>
        <source>Your {name}.md is exactly as shipped.</source>
        <translation>Il tuo {name}.md è identico all'originale.</translation>
    </message>
    <message>
        <source>Your {name}.md is yours: Bea uses it as you wrote it. </source>
        <translation>Il tuo {name}.md è tuo: Bea lo usa come l'hai scritto. </translation>
    </message>
    <message>
        <source>The shipped text changed since you edited it; lines marked - are what ships now, lines marked + are yours.</source>
        <translation>Il testo originale è cambiato da quando l'hai modificato; le righe con - sono l'originale di adesso, quelle con + sono le tue.</translation>
    </message>
    <message>
        <source>Lines marked - are what ships, lines marked + are yours.</source>
        <translation>Le righe con - sono l'originale, quelle con + sono le tue.</translation>
    </message>
    <message>
        <source>(your file cannot be read as UTF-8 text)</source>
        <translation>(il tuo file non si legge come testo UTF-8)</translation>
    </message>
    <message>
        <source>Cannot open the file</source>
        <translation>Non riesco ad aprire il file</translation>
    </message>
    <message>
        <source>No program opened {path}; open it in any text editor.</source>
        <translation>Nessun programma ha aperto {path}; aprilo con un editor di testo qualsiasi.</translation>
    </message>
    <message>
        <source>Restore the shipped {name}.md?</source>
        <translation>Ripristinare il {name}.md originale?</translation>
    </message>
    <message>
        <source>Your edits to {name}.md will be replaced by the text Bea ships. Your version is kept next to it as {name}.previous.md.</source>
        <translation>Le tue modifiche a {name}.md verranno sostituite dal testo originale di Bea. La tua versione resta lì accanto come {name}.previous.md.</translation>
    </message>
    <message>
        <source>Not restored</source>
        <translation>Non ripristinato</translation>
    </message>
</context>
<context>
    <name>secrets</name>
    <message>
        <source>the system keyring</source>
        <translation>nel portachiavi di sistema</translation>
    </message>
    <message>
        <source>Bea's encrypted memory file, since this machine has no keyring</source>
        <translation>nel file cifrato della memoria di Bea, perché questo computer non ha un portachiavi</translation>
    </message>
    <message>
        <source>memory for this run only (there is no keyring here)</source>
        <translation>solo in memoria, per questa esecuzione (qui non c'è un portachiavi)</translation>
    </message>
</context>
<context>
    <name>settings</name>
    <message>
        <source>Off until you switch it on: Bea connects to OBS only when you stream with it. Only you can switch it (Settings → Skills).</source>
        <translation>Spenta finché non la accendi: Bea si collega a OBS solo quando trasmetti con OBS. Solo tu puoi accenderla o spegnerla (Impostazioni → Skill).</translation>
    </message>
    <message>
        <source>Remember after a pause of (minutes)</source>
        <translation>Ricorda dopo una pausa di (minuti)</translation>
    </message>
    <message>
        <source>Nothing leaves this computer: only models, voices and services running on it are used, and those on your own machines listed below.</source>
        <translation>Nulla esce da questo computer: si usano solo modelli, voci e servizi che girano qui, e quelli sulle tue macchine elencate sotto.</translation>
    </message>
    <message>
        <source>Your own machines</source>
        <translation>Le tue macchine</translation>
    </message>
    <message>
        <source>Other computers of yours on your home network that privacy mode may reach (a model server, OBS on a streaming PC): each by its private address (192.168.1.20, 10.0.0.5, fd00::5) or its name (studio-pc.local, or a name your hosts file gives a private address). Empty: this computer only.</source>
        <translation>Altri tuoi computer sulla rete di casa che la modalità privacy può raggiungere (un server di modelli, OBS su un PC per lo streaming): ciascuno con il suo indirizzo privato (192.168.1.20, 10.0.0.5, fd00::5) o il suo nome (studio-pc.local, o un nome a cui il file hosts dà un indirizzo privato). Vuoto: solo questo computer.</translation>
    </message>
    <message>
        <source>After this many minutes with no chat and no speech, she turns the stream so far into lasting memories, as she does when the stream ends and at night (0: only then).</source>
        <translation>Dopo questi minuti senza chat e senza voce, trasforma la live fin qui in ricordi duraturi, come fa quando la live finisce e di notte (0: solo allora).</translation>
    </message>
    <message>
        <source>Her name</source>
        <translation>Il suo nome</translation>
    </message>
    <message>
        <source>The name she answers to and signs with.</source>
        <translation>Il nome a cui risponde e con cui si firma.</translation>
    </message>
    <message>
        <source>Log detail</source>
        <translation>Dettaglio del log</translation>
    </message>
    <message>
        <source>How much goes to the log file in the data folder (DEBUG for a bug report).</source>
        <translation>Quanto finisce nel file di log nella cartella dei dati (DEBUG per segnalare un bug).</translation>
    </message>
    <message>
        <source>Her models</source>
        <translation>I suoi modelli</translation>
    </message>
    <message>
        <source>The models she thinks with, tried in turn, as provider:model (ollama:qwen2.5:7b, openai:gpt-4o-mini), or a server's address (http://127.0.0.1:8080/v1); local:smollm2 is the tiny built-in model. Empty: she sleeps.</source>
        <translation>I modelli con cui pensa, provati in ordine, come provider:modello (ollama:qwen2.5:7b, openai:gpt-4o-mini), o l'indirizzo di un server (http://127.0.0.1:8080/v1); local:smollm2 è il piccolo modello integrato. Vuoto: dorme.</translation>
    </message>
    <message>
        <source>Models for background work</source>
        <translation>Modelli per il lavoro in background</translation>
    </message>
    <message>
        <source>Models for her diary, dreams and profiles, so that work never slows her answers. Empty: the models above.</source>
        <translation>Modelli per il diario, i sogni e i profili, così quel lavoro non rallenta mai le sue risposte. Vuoto: quelli qui sopra.</translation>
    </message>
    <message>
        <source>Server addresses</source>
        <translation>Indirizzi dei server</translation>
    </message>
    <message>
        <source>Where a provider's server is, when not at its usual address: provider=url, for example ollama=http://10.0.0.5:11434/v1.</source>
        <translation>Dove si trova il server di un provider, se non è al solito indirizzo: provider=url, per esempio ollama=http://10.0.0.5:11434/v1.</translation>
    </message>
    <message>
        <source>Other names for her</source>
        <translation>Altri nomi</translation>
    </message>
    <message>
        <source>Other names she answers to in chat (her own name is under General).</source>
        <translation>Altri nomi a cui risponde in chat (il suo nome è in Generale).</translation>
    </message>
    <message>
        <source>Words that catch her ear</source>
        <translation>Parole che la incuriosiscono</translation>
    </message>
    <message>
        <source>Names and words that make a line more interesting to her: the game, a running joke.</source>
        <translation>Nomi e parole che rendono un messaggio più interessante per lei: il gioco, una battuta ricorrente.</translation>
    </message>
    <message>
        <source>Her quiet hours</source>
        <translation>Le sue ore di silenzio</translation>
    </message>
    <message>
        <source>When she does not chime in unless spoken to, as HH:MM-HH:MM in this computer's time (23:00-07:00 wraps midnight).</source>
        <translation>Quando non interviene se non la chiami, come HH:MM-HH:MM nell'ora di questo computer (23:00-07:00 scavalca la mezzanotte).</translation>
    </message>
    <message>
        <source>Words she never says on stream</source>
        <translation>Parole che non dice mai in live</translation>
    </message>
    <message>
        <source>Words and phrases of yours that she never says out loud, in chat or in captions: a line holding one is not said, and the Activity dock tells you. Slurs and the worst of English and Italian are never said already; profanity is masked.</source>
        <translation>Parole e frasi tue che non dice mai, né a voce, né in chat, né nei sottotitoli: una frase che ne contiene una non viene detta, e il pannello Attività te lo dice. Insulti e il peggio dell'inglese e dell'italiano non li dice già mai; le parolacce vengono mascherate.</translation>
    </message>
    <message>
        <source>Words she may say after all</source>
        <translation>Parole che può dire comunque</translation>
    </message>
    <message>
        <source>Words the on-air filter would mask that are fine on your stream (a town, a game, your community's word).</source>
        <translation>Parole che il filtro in onda maschererebbe ma che nella tua live vanno bene (una città, un gioco, una parola della tua community).</translation>
    </message>
    <message>
        <source>Conversation she keeps (tokens)</source>
        <translation>Conversazione che tiene (token)</translation>
    </message>
    <message>
        <source>The most tokens her conversation window may hold (150k to 500k); a model with a smaller context keeps it to half of that context.</source>
        <translation>Il massimo di token che la sua finestra di conversazione può contenere (da 150k a 500k); con un modello dal contesto più piccolo si ferma a metà di quel contesto.</translation>
    </message>
    <message>
        <source>Recap starts at (tokens)</source>
        <translation>Il riassunto parte a (token)</translation>
    </message>
    <message>
        <source>Where she starts writing a recap of older talk; 0: at four fifths of the window.</source>
        <translation>Quando inizia a riassumere i discorsi più vecchi; 0: ai quattro quinti della finestra.</translation>
    </message>
    <message>
        <source>Kept word for word (tokens)</source>
        <translation>Tenuto parola per parola (token)</translation>
    </message>
    <message>
        <source>How much recent talk a recap leaves word for word; 0: one fifth of the window.</source>
        <translation>Quanto dei discorsi recenti un riassunto lascia parola per parola; 0: un quinto della finestra.</translation>
    </message>
    <message>
        <source>A mood fades in (minutes)</source>
        <translation>Un umore svanisce in (minuti)</translation>
    </message>
    <message>
        <source>How long a feeling takes to fade halfway back to calm.</source>
        <translation>Quanto ci mette un'emozione a tornare a metà strada verso la calma.</translation>
    </message>
    <message>
        <source>Model calls per turn</source>
        <translation>Chiamate al modello per turno</translation>
    </message>
    <message>
        <source>The most model calls one turn may take (thinking, tools, answering).</source>
        <translation>Il massimo di chiamate al modello in un turno (pensare, strumenti, rispondere).</translation>
    </message>
    <message>
        <source>Quiet before she notices (seconds)</source>
        <translation>Silenzio prima che se ne accorga (secondi)</translation>
    </message>
    <message>
        <source>How long the stream is silent before she notices it.</source>
        <translation>Quanto deve restare in silenzio la live prima che se ne accorga.</translation>
    </message>
    <message>
        <source>Cool-down after answering (seconds)</source>
        <translation>Pausa dopo una risposta (secondi)</translation>
    </message>
    <message>
        <source>After she answers, how long a newcomer's line in the same conversation counts for less.</source>
        <translation>Dopo che ha risposto, per quanto il messaggio di un nuovo arrivato nella stessa conversazione conta meno.</translation>
    </message>
    <message>
        <source>Wait for a first word (seconds)</source>
        <translation>Attesa della prima parola (secondi)</translation>
    </message>
    <message>
        <source>How long she waits for a model to begin answering before she gives up on it; 0: as long as the prompt takes at the speed measured for that model.</source>
        <translation>Quanto aspetta che un modello inizi a rispondere prima di lasciarlo perdere; 0: quanto richiede il prompt alla velocità misurata per quel modello.</translation>
    </message>
    <message>
        <source>What her servers showed</source>
        <translation>Cosa hanno mostrato i suoi server</translation>
    </message>
    <message>
        <source>Measured for each model as she uses it: how fast it reads a prompt and how many tokens it holds.</source>
        <translation>Misurato per ogni modello mentre lei lo usa: quanto velocemente legge un prompt e quanti token contiene.</translation>
    </message>
    <message>
        <source>Prices (USD per 1M tokens)</source>
        <translation>Prezzi (USD per 1M di token)</translation>
    </message>
    <message>
        <source>What a cloud model costs, as model=input/output (openai:gpt-4o-mini=0.15/0.60); the Turn Log shows each turn's cost. Models on this computer cost nothing.</source>
        <translation>Quanto costa un modello cloud, come modello=input/output (openai:gpt-4o-mini=0.15/0.60); il Registro turni mostra il costo di ogni turno. I modelli su questo computer non costano nulla.</translation>
    </message>
    <message>
        <source>Privacy mode</source>
        <translation>Modalità privacy</translation>
    </message>
    <message>
        <source>Start in the tray</source>
        <translation>Avvia nell'area di notifica</translation>
    </message>
    <message>
        <source>Start with the window hidden in the system tray (when there is one).</source>
        <translation>Avvia con la finestra nascosta nell'area di notifica (se c'è).</translation>
    </message>
    <message>
        <source>Window language</source>
        <translation>Lingua della finestra</translation>
    </message>
    <message>
        <source>The language of the window's labels and messages. Takes effect the next time you start Bea.</source>
        <translation>La lingua di etichette e messaggi della finestra. Vale dal prossimo avvio di Bea.</translation>
    </message>
    <message>
        <source>As the system</source>
        <translation>Come il sistema</translation>
    </message>
    <message>
        <source>Local API for your devices</source>
        <translation>API locale per i tuoi dispositivi</translation>
    </message>
    <message>
        <source>Let your devices (a phone, a script) read and correct what Bea knows about you, each with its own token (/api/v1/).</source>
        <translation>Lascia che i tuoi dispositivi (un telefono, uno script) leggano e correggano quello che Bea sa di te, ognuno con il suo token (/api/v1/).</translation>
    </message>
    <message>
        <source>API port</source>
        <translation>Porta dell'API</translation>
    </message>
    <message>
        <source>The TCP port it listens on; 0 picks a free one at each start (the log says which).</source>
        <translation>La porta TCP su cui ascolta; 0 ne sceglie una libera a ogni avvio (il log dice quale).</translation>
    </message>
    <message>
        <source>Reachable from your network</source>
        <translation>Raggiungibile dalla tua rete</translation>
    </message>
    <message>
        <source>Let devices on your home network reach it; off, only this computer can. Privacy mode keeps it on this computer whatever this says.</source>
        <translation>Lascia che la raggiungano i dispositivi della tua rete di casa; se è spento, solo questo computer. La modalità privacy la tiene su questo computer in ogni caso.</translation>
    </message>
    <message>
        <source>Largest request (KB)</source>
        <translation>Richiesta più grande (KB)</translation>
    </message>
    <message>
        <source>Requests with a bigger body are refused (413) before anything is stored.</source>
        <translation>Le richieste più grandi vengono rifiutate (413) prima di salvare qualsiasi cosa.</translation>
    </message>
    <message>
        <source>Switched on</source>
        <translation>Attiva</translation>
    </message>
    <message>
        <source>Whether this skill runs. Only you can switch it (Settings → Skills).</source>
        <translation>Se questa skill è attiva. Solo tu puoi accenderla o spegnerla (Impostazioni → Skill).</translation>
    </message>
    <message>
        <source>How she tells the hour</source>
        <translation>Come dice l'ora</translation>
    </message>
    <message>
        <source>24h (18:30) or 12h (6:30 pm), when she says the time.</source>
        <translation>24h (18:30) o 12h (6:30 pm), quando dice l'ora.</translation>
    </message>
    <message>
        <source>Seconds in the dock</source>
        <translation>Secondi nel pannello</translation>
    </message>
    <message>
        <source>Show seconds in the Clock dock.</source>
        <translation>Mostra i secondi nel pannello Orologio.</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>Fuso orario</translation>
    </message>
    <message>
        <source>Your time zone, such as Europe/Rome; empty means this computer's own zone.</source>
        <translation>Il tuo fuso orario, per esempio Europe/Rome; vuoto vuol dire quello di questo computer.</translation>
    </message>
    <message>
        <source>Channels she joins in</source>
        <translation>Canali in cui partecipa</translation>
    </message>
    <message>
        <source>Server channel ids, comma-separated (Discord: Settings → Advanced → Developer Mode, then right-click a channel → Copy Channel ID). In these she answers when she is mentioned or replied to.</source>
        <translation>ID dei canali del server, separati da virgola (Discord: Impostazioni → Avanzate → Modalità sviluppatore, poi clic destro su un canale → Copia ID canale). Lì risponde quando viene menzionata o quando le rispondono.</translation>
    </message>
    <message>
        <source>People she talks to directly</source>
        <translation>Persone con cui parla in privato</translation>
    </message>
    <message>
        <source>Discord user ids or usernames, comma-separated. Anyone else writing to her directly is ignored (the dock says who tried).</source>
        <translation>ID utente o nomi utente Discord, separati da virgola. Chiunque altro le scriva in privato viene ignorato (il pannello dice chi ci ha provato).</translation>
    </message>
    <message>
        <source>Discord API address</source>
        <translation>Indirizzo dell'API di Discord</translation>
    </message>
    <message>
        <source>Change it only for a test.</source>
        <translation>Cambialo solo per un test.</translation>
    </message>
    <message>
        <source>Her voice channel</source>
        <translation>Il suo canale vocale</translation>
    </message>
    <message>
        <source>A voice channel id: the dock's Join button starts with it, and the only call she may join herself.</source>
        <translation>L'ID di un canale vocale: il pulsante Entra del pannello parte da lì, ed è l'unica chiamata in cui può entrare da sola.</translation>
    </message>
    <message>
        <source>She may join the voice channel herself</source>
        <translation>Può entrare da sola nel canale vocale</translation>
    </message>
    <message>
        <source>Off: only you join her to a call, from the Discord dock.</source>
        <translation>Spento: solo tu la fai entrare in una chiamata, dal pannello Discord.</translation>
    </message>
    <message>
        <source>She hears the people in the call</source>
        <translation>Sente le persone nella chiamata</translation>
    </message>
    <message>
        <source>On: she listens to each speaker as she listens to you (her ears are the Voice skill's). Off: she joins deafened.</source>
        <translation>Accesa: ascolta ognuno come ascolta te (le sue orecchie sono quelle della skill Voce). Spenta: entra senza audio in ingresso.</translation>
    </message>
    <message>
        <source>Discord gateway address</source>
        <translation>Indirizzo del gateway di Discord</translation>
    </message>
    <message>
        <source>Streamlabs tips</source>
        <translation>Donazioni Streamlabs</translation>
    </message>
    <message>
        <source>Hear tips made on Streamlabs as they happen. Bea connects out to Streamlabs, so it needs no public address (paste your socket token below).</source>
        <translation>Senti le donazioni fatte su Streamlabs mentre arrivano. Bea si collega lei a Streamlabs, quindi non serve un indirizzo pubblico (incolla qui sotto il tuo socket token).</translation>
    </message>
    <message>
        <source>Count Streamlabs test alerts</source>
        <translation>Conta gli avvisi di prova di Streamlabs</translation>
    </message>
    <message>
        <source>Treat the test alerts you send from the Streamlabs dashboard as real tips, to try the link (each makes a card).</source>
        <translation>Tratta gli avvisi di prova che mandi dalla dashboard di Streamlabs come donazioni vere, per provare il collegamento (ognuno crea una scheda).</translation>
    </message>
    <message>
        <source>Streamlabs socket server</source>
        <translation>Socket server di Streamlabs</translation>
    </message>
    <message>
        <source>The Streamlabs socket server. Change it only to test against another server.</source>
        <translation>Il socket server di Streamlabs. Cambialo solo per fare prove con un altro server.</translation>
    </message>
    <message>
        <source>Chance she speaks up</source>
        <translation>Probabilità che intervenga</translation>
    </message>
    <message>
        <source>When it is quiet, the chance (0 to 1) she speaks up on her own.</source>
        <translation>Quando c'è silenzio, la probabilità (da 0 a 1) che parli di sua iniziativa.</translation>
    </message>
    <message>
        <source>Least gap between (minutes)</source>
        <translation>Intervallo minimo (minuti)</translation>
    </message>
    <message>
        <source>The least time between two times she speaks up unprompted.</source>
        <translation>Il tempo minimo tra due interventi spontanei.</translation>
    </message>
    <message>
        <source>Bring up memories</source>
        <translation>Richiama i ricordi</translation>
    </message>
    <message>
        <source>Before each turn, put what she remembers about it in her briefing.</source>
        <translation>Prima di ogni turno, mette nel suo briefing quello che ricorda sull'argomento.</translation>
    </message>
    <message>
        <source>Hour she dreams</source>
        <translation>Ora in cui sogna</translation>
    </message>
    <message>
        <source>The hour of the night (0-23) she dreams: she turns the stream into lasting memories.</source>
        <translation>L'ora della notte (0-23) in cui sogna: trasforma la live in ricordi duraturi.</translation>
    </message>
    <message>
        <source>Meaning model</source>
        <translation>Modello del significato</translation>
    </message>
    <message>
        <source>The model her memory reads meaning with: the built-in one or one installed in Settings → Models…. Changing it re-reads every memory in the background.</source>
        <translation>Il modello con cui la sua memoria legge il significato: quello integrato o uno installato in Impostazioni → Modelli…. Se lo cambi, rilegge tutti i ricordi in background.</translation>
    </message>
    <message>
        <source>OBS address</source>
        <translation>Indirizzo di OBS</translation>
    </message>
    <message>
        <source>Where OBS runs: 127.0.0.1 for this computer, or the address OBS shows in Tools → WebSocket Server Settings → Show Connect Info.</source>
        <translation>Dove gira OBS: 127.0.0.1 per questo computer, o l'indirizzo che OBS mostra in Strumenti → Impostazioni server WebSocket → Mostra informazioni di connessione.</translation>
    </message>
    <message>
        <source>OBS WebSocket port</source>
        <translation>Porta WebSocket di OBS</translation>
    </message>
    <message>
        <source>4455 unless you changed it in OBS. The password is not a setting: it is kept with Bea's secrets (below).</source>
        <translation>4455, a meno che tu non l'abbia cambiata in OBS. La password non è un'impostazione: è custodita con i segreti di Bea (qui sotto).</translation>
    </message>
    <message>
        <source>Scenes she may switch to</source>
        <translation>Scene a cui può passare</translation>
    </message>
    <message>
        <source>Their exact OBS names, comma-separated. Empty: she cannot switch scenes.</source>
        <translation>I nomi esatti in OBS, separati da virgola. Vuoto: non può cambiare scena.</translation>
    </message>
    <message>
        <source>Sources she may show or hide</source>
        <translation>Fonti che può mostrare o nascondere</translation>
    </message>
    <message>
        <source>Sources in the current scene, comma-separated. Empty: she cannot show or hide anything.</source>
        <translation>Fonti della scena attuale, separate da virgola. Vuoto: non può mostrare né nascondere nulla.</translation>
    </message>
    <message>
        <source>Text sources she may write</source>
        <translation>Fonti di testo in cui può scrivere</translation>
    </message>
    <message>
        <source>Comma-separated. Empty: she cannot set any text.</source>
        <translation>Separate da virgola. Vuoto: non può scrivere nessun testo.</translation>
    </message>
    <message>
        <source>Text source for captions</source>
        <translation>Fonte di testo per i sottotitoli</translation>
    </message>
    <message>
        <source>A text source that shows what she says as she speaks. Empty: no captions in OBS.</source>
        <translation>Una fonte di testo che mostra quello che dice mentre parla. Vuoto: niente sottotitoli in OBS.</translation>
    </message>
    <message>
        <source>Caption stays (seconds)</source>
        <translation>Durata del sottotitolo (secondi)</translation>
    </message>
    <message>
        <source>How long a caption stays after her last line (0: until the next).</source>
        <translation>Quanto resta un sottotitolo dopo la sua ultima frase (0: fino al successivo).</translation>
    </message>
    <message>
        <source>Scene changes pass quietly</source>
        <translation>Cambi di scena in silenzio</translation>
    </message>
    <message>
        <source>She notices scene changes, but they never make her speak on their own.</source>
        <translation>Nota i cambi di scena, ma da soli non la fanno mai parlare.</translation>
    </message>
    <message>
        <source>Show her who is talking</source>
        <translation>Mostrale chi sta parlando</translation>
    </message>
    <message>
        <source>Before each turn, show her the cards of the people speaking.</source>
        <translation>Prima di ogni turno, le mostra le schede delle persone che parlano.</translation>
    </message>
    <message>
        <source>Avatar file</source>
        <translation>File dell'avatar</translation>
    </message>
    <message>
        <source>Her body: a .vrm file (VRoid Studio, UniVRM...), chosen in the Stage dock. Empty: her default body.</source>
        <translation>Il suo corpo: un file .vrm (VRoid Studio, UniVRM...), scelto nel pannello Palco. Vuoto: il suo corpo predefinito.</translation>
    </message>
    <message>
        <source>Stage port</source>
        <translation>Porta del palco</translation>
    </message>
    <message>
        <source>OBS reads the stage as a Browser source at http://127.0.0.1:&lt;port&gt;/stage (captions: /stage/captions); only this computer can reach it.</source>
        <translation>OBS legge il palco come fonte Browser su http://127.0.0.1:&lt;port&gt;/stage (sottotitoli: /stage/captions); solo questo computer può raggiungerlo.</translation>
    </message>
    <message>
        <source>Behind her</source>
        <translation>Dietro di lei</translation>
    </message>
    <message>
        <source>Transparent (OBS browser sources keep it), a chroma-key colour to key out, or a plain colour.</source>
        <translation>Trasparente (le fonti browser di OBS lo mantengono), un colore chroma key da scontornare, o un colore pieno.</translation>
    </message>
    <message>
        <source>Transparent</source>
        <translation>Trasparente</translation>
    </message>
    <message>
        <source>Chroma key</source>
        <translation>Chroma key</translation>
    </message>
    <message>
        <source>Plain colour</source>
        <translation>Colore pieno</translation>
    </message>
    <message>
        <source>Background colour</source>
        <translation>Colore di sfondo</translation>
    </message>
    <message>
        <source>The chroma-key or plain colour, as #rrggbb.</source>
        <translation>Il colore chroma key o pieno, come #rrggbb.</translation>
    </message>
    <message>
        <source>Framing</source>
        <translation>Inquadratura</translation>
    </message>
    <message>
        <source>How much of her the stage shows.</source>
        <translation>Quanto di lei mostra il palco.</translation>
    </message>
    <message>
        <source>Full body</source>
        <translation>Figura intera</translation>
    </message>
    <message>
        <source>Upper body</source>
        <translation>Mezzo busto</translation>
    </message>
    <message>
        <source>Face</source>
        <translation>Viso</translation>
    </message>
    <message>
        <source>She blinks</source>
        <translation>Sbatte le palpebre</translation>
    </message>
    <message>
        <source>She blinks now and then (when the model has a blink expression).</source>
        <translation>Ogni tanto sbatte le palpebre (se il modello ha un'espressione per farlo).</translation>
    </message>
    <message>
        <source>She breathes and sways</source>
        <translation>Respira e ondeggia</translation>
    </message>
    <message>
        <source>She breathes and sways a little when idle.</source>
        <translation>Quando è ferma respira e ondeggia un po'.</translation>
    </message>
    <message>
        <source>Most frames per second</source>
        <translation>Fotogrammi al secondo massimi</translation>
    </message>
    <message>
        <source>The most frames per second the stage draws; lower spares your computer.</source>
        <translation>Il massimo di fotogrammi al secondo che disegna il palco; più basso risparmia il computer.</translation>
    </message>
    <message>
        <source>Mouth opening</source>
        <translation>Apertura della bocca</translation>
    </message>
    <message>
        <source>How wide her mouth opens for a given loudness (1 is normal).</source>
        <translation>Quanto apre la bocca a un certo volume (1 è normale).</translation>
    </message>
    <message>
        <source>How much her face shows</source>
        <translation>Quanto si vede sul viso</translation>
    </message>
    <message>
        <source>How strongly her face shows her mood (1: the model's full expression).</source>
        <translation>Quanto il suo viso mostra l'umore (1: l'espressione piena del modello).</translation>
    </message>
    <message>
        <source>Your expression picks</source>
        <translation>Le tue scelte di espressione</translation>
    </message>
    <message>
        <source>Mood word → expression name, e.g. excited=Smile. Other moods are matched to the model's expressions automatically.</source>
        <translation>Umore → nome dell'espressione, per esempio excited=Smile. Gli altri umori vengono abbinati da soli alle espressioni del modello.</translation>
    </message>
    <message>
        <source>Mouth follows her words</source>
        <translation>La bocca segue le parole</translation>
    </message>
    <message>
        <source>With no voice sending audio levels, move her mouth from the words she says.</source>
        <translation>Se nessuna voce manda i livelli audio, muove la bocca in base alle parole che dice.</translation>
    </message>
    <message>
        <source>How long a caption stays on the captions overlay (0: until the next).</source>
        <translation>Quanto resta un sottotitolo nell'overlay dei sottotitoli (0: fino al successivo).</translation>
    </message>
    <message>
        <source>Animation clips</source>
        <translation>Clip di animazione</translation>
    </message>
    <message>
        <source>.vrma files (VRM Animation), added in the Stage dock; when she says &lt;do:wave&gt;, the clip named wave.vrma plays.</source>
        <translation>File .vrma (VRM Animation), aggiunti nel pannello Palco; quando dice &lt;do:wave&gt;, parte la clip wave.vrma.</translation>
    </message>
    <message>
        <source>Clip she loops when idle</source>
        <translation>Clip in loop quando è ferma</translation>
    </message>
    <message>
        <source>Its file name without .vrma; empty: her own breathing and sway.</source>
        <translation>Il nome del file senza .vrma; vuoto: il suo respiro e ondeggiare.</translation>
    </message>
    <message>
        <source>People she talks to in private</source>
        <translation>Persone con cui parla in privato</translation>
    </message>
    <message>
        <source>Telegram user ids or @usernames, comma-separated. Anyone else writing to her privately is ignored (the dock says who tried).</source>
        <translation>ID utente o @nomiutente di Telegram, separati da virgola. Chiunque altro le scriva in privato viene ignorato (il pannello dice chi ci ha provato).</translation>
    </message>
    <message>
        <source>Groups she joins in</source>
        <translation>Gruppi in cui partecipa</translation>
    </message>
    <message>
        <source>Group chat ids (like -1001234567890) or a public group's @username, comma-separated. In these she answers when she is mentioned or replied to.</source>
        <translation>ID dei gruppi (come -1001234567890) o lo @username di un gruppo pubblico, separati da virgola. Lì risponde quando viene menzionata o quando le rispondono.</translation>
    </message>
    <message>
        <source>Bot API address</source>
        <translation>Indirizzo della Bot API</translation>
    </message>
    <message>
        <source>Change it only for a local Bot API server (or a test).</source>
        <translation>Cambialo solo per un server Bot API locale (o per un test).</translation>
    </message>
    <message>
        <source>Bot API file address</source>
        <translation>Indirizzo dei file della Bot API</translation>
    </message>
    <message>
        <source>Where voice notes are downloaded from, beside the Bot API address.</source>
        <translation>Da dove si scaricano i vocali, accanto all'indirizzo della Bot API.</translation>
    </message>
    <message>
        <source>Your channel</source>
        <translation>Il tuo canale</translation>
    </message>
    <message>
        <source>Your Twitch login, without #: the chat she joins. Empty: Twitch chat stays off.</source>
        <translation>Il tuo login Twitch, senza #: la chat in cui entra. Vuoto: la chat di Twitch resta spenta.</translation>
    </message>
    <message>
        <source>Her Twitch login</source>
        <translation>Il suo login Twitch</translation>
    </message>
    <message>
        <source>Her own Twitch account, to write in chat (reading needs none); writing also needs her OAuth token, below.</source>
        <translation>Il suo account Twitch, per scrivere in chat (per leggere non serve); per scrivere serve anche il suo token OAuth, qui sotto.</translation>
    </message>
    <message>
        <source>Chat server</source>
        <translation>Server della chat</translation>
    </message>
    <message>
        <source>The Twitch chat server to connect to.</source>
        <translation>Il server della chat di Twitch a cui collegarsi.</translation>
    </message>
    <message>
        <source>Chat server port</source>
        <translation>Porta del server della chat</translation>
    </message>
    <message>
        <source>6697 with an encrypted connection, 6667 without.</source>
        <translation>6697 con connessione cifrata, 6667 senza.</translation>
    </message>
    <message>
        <source>Encrypted connection</source>
        <translation>Connessione cifrata</translation>
    </message>
    <message>
        <source>Encrypt the chat connection (TLS). Leave it on for Twitch: with it off she only reads anonymously, and never sends her token.</source>
        <translation>Cifra la connessione alla chat (TLS). Lasciala accesa per Twitch: se è spenta legge solo in forma anonima e non manda mai il suo token.</translation>
    </message>
    <message>
        <source>How she hears you</source>
        <translation>Come ti sente</translation>
    </message>
    <message>
        <source>Push to talk: while you hold the talk key or button. Always on: whenever you speak. Off: she does not listen.</source>
        <translation>Premi per parlare: mentre tieni premuto il tasto o il pulsante. Sempre attivo: ogni volta che parli. Spento: non ascolta.</translation>
    </message>
    <message>
        <source>Push to talk</source>
        <translation>Premi per parlare</translation>
    </message>
    <message>
        <source>Always on</source>
        <translation>Sempre attivo</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Spento</translation>
    </message>
    <message>
        <source>Push-to-talk key</source>
        <translation>Tasto per parlare</translation>
    </message>
    <message>
        <source>Hold it while you speak to her (F8, Ctrl+Space, ...): in any app where the system allows, else while Bea has focus. Empty: the button only.</source>
        <translation>Tienilo premuto mentre le parli (F8, Ctrl+Space, ...): in qualsiasi app, se il sistema lo permette, altrimenti quando Bea ha il focus. Vuoto: solo il pulsante.</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Microfono</translation>
    </message>
    <message>
        <source>The microphone she hears you with.</source>
        <translation>Il microfono con cui ti sente.</translation>
    </message>
    <message>
        <source>Speakers</source>
        <translation>Altoparlanti</translation>
    </message>
    <message>
        <source>The speakers or headphones she speaks through.</source>
        <translation>Gli altoparlanti o le cuffie con cui parla.</translation>
    </message>
    <message>
        <source>Speech recognition</source>
        <translation>Riconoscimento vocale</translation>
    </message>
    <message>
        <source>How she turns your speech into words: the packaged model (English only), one from Settings → Models…, or a faster-whisper folder.</source>
        <translation>Come trasforma la tua voce in parole: il modello incluso (solo inglese), uno da Impostazioni → Modelli…, o una cartella faster-whisper.</translation>
    </message>
    <message>
        <source>Language you speak</source>
        <translation>Lingua in cui parli</translation>
    </message>
    <message>
        <source>The language you speak to her in. Detect it: she finds out at each sentence. Any language but English uses a multilingual speech model, and the voice installed for that language (auto, en, it, de, ...).</source>
        <translation>La lingua in cui le parli. Rilevala: la capisce a ogni frase. Ogni lingua che non sia l'inglese usa un modello vocale multilingue, e la voce installata per quella lingua (auto, en, it, de, ...).</translation>
    </message>
    <message>
        <source>Her voice</source>
        <translation>La sua voce</translation>
    </message>
    <message>
        <source>The voice she speaks with: the packaged one, one from Settings → Models…, or a Piper .onnx file.</source>
        <translation>La voce con cui parla: quella inclusa, una da Impostazioni → Modelli…, o un file .onnx di Piper.</translation>
    </message>
    <message>
        <source>Where she hears</source>
        <translation>Dove ascolta</translation>
    </message>
    <message>
        <source>Where your speech becomes words, tried in order: this computer, a Wyoming server (wyoming://192.168.1.20:10300) or an OpenAI-compatible server (http://192.168.1.20:8000/v1 and the model's name). When one does not answer, the next does, and this computer last. Hearing when you speak stays on this computer: no sound leaves it until you finish a sentence.</source>
        <translation>Dove la tua voce diventa parole, nell'ordine: this computer (questo computer), un server Wyoming (wyoming://192.168.1.20:10300) o un server compatibile con OpenAI (http://192.168.1.20:8000/v1 e il nome del modello). Se uno non risponde, risponde il successivo, e per ultimo questo computer. Capire quando parli resta su questo computer: nessun suono esce finché non finisci una frase.</translation>
    </message>
    <message>
        <source>Where she speaks</source>
        <translation>Dove parla</translation>
    </message>
    <message>
        <source>Where her voice is made, tried in order: this computer, a Wyoming server (wyoming://192.168.1.20:10200, optionally followed by a voice) or an OpenAI-compatible server (http://192.168.1.20:8880/v1, the model's name and a voice). When one does not answer, the next does, and this computer last.</source>
        <translation>Dove nasce la sua voce, nell'ordine: this computer (questo computer), un server Wyoming (wyoming://192.168.1.20:10200, eventualmente seguito da una voce) o un server compatibile con OpenAI (http://192.168.1.20:8880/v1, il nome del modello e una voce). Se uno non risponde, risponde il successivo, e per ultimo questo computer.</translation>
    </message>
    <message>
        <source>You are done after a pause of (ms)</source>
        <translation>Hai finito dopo una pausa di (ms)</translation>
    </message>
    <message>
        <source>How long you are silent before she takes it that you are done and answers, when your words do not tell her: she also reads what you said so far, answers a finished sentence once she has read it, and waits up to 1.5 s after one that is not ("so I was thinking that"). Shorter: she is quicker; longer: a pause in the middle of a sentence does not cut it in two.</source>
        <translation>Quanto a lungo resti in silenzio prima che lei capisca che hai finito e risponda, quando le tue parole non glielo dicono: legge anche quello che hai detto finora, risponde a una frase finita appena l'ha letta e aspetta fino a 1,5 s dopo una che non lo è ("quindi stavo pensando che"). Più corto: è più rapida; più lungo: una pausa a metà frase non la spezza in due.</translation>
    </message>
    <message>
        <source>Hear</source>
        <translation>Ascolta</translation>
    </message>
    <message>
        <source>Once she knows your voice (Voice dock, Teach her your voice): "anyone" hears other voices in the room as someone in the room, not as you; "you" leaves them out.</source>
        <translation>Quando conosce la tua voce (pannello Voce, Insegnale la tua voce): "anyone" sente le altre voci della stanza come qualcuno nella stanza, non come te; "you" le lascia fuori.</translation>
    </message>
    <message>
        <source>Anyone (others as someone in the room)</source>
        <translation>Chiunque (gli altri come qualcuno nella stanza)</translation>
    </message>
    <message>
        <source>Only you</source>
        <translation>Solo te</translation>
    </message>
    <message>
        <source>Take her voice out of the microphone</source>
        <translation>Togli la sua voce dal microfono</translation>
    </message>
    <message>
        <source>Her own voice from your speakers is cancelled from the microphone (and steady noise lowered), so you can talk over her with speakers, not only with headphones.</source>
        <translation>La sua voce che esce dalle casse viene cancellata dal microfono (e il rumore costante abbassato), così puoi parlarle sopra anche con le casse, non solo con le cuffie.</translation>
    </message>
    <message>
        <source>Quieter when you talk (dB)</source>
        <translation>Più bassa quando parli (dB)</translation>
    </message>
    <message>
        <source>How much quieter she gets when you start talking over her.</source>
        <translation>Di quanto abbassa la voce quando inizi a parlarle sopra.</translation>
    </message>
    <message>
        <source>She stops after (seconds)</source>
        <translation>Si ferma dopo (secondi)</translation>
    </message>
    <message>
        <source>She stops her line once you have talked over her this long.</source>
        <translation>Smette di parlare quando le hai parlato sopra per questo tempo.</translation>
    </message>
    <message>
        <source>Your live stream</source>
        <translation>La tua live</translation>
    </message>
    <message>
        <source>Its link (youtube.com/live/..., watch?v=...) or video id: she reads its chat while you are live. Empty: off.</source>
        <translation>Il link (youtube.com/live/..., watch?v=...) o l'ID del video: ne legge la chat mentre sei in live. Vuoto: spento.</translation>
    </message>
    <message>
        <source>API address</source>
        <translation>Indirizzo dell'API</translation>
    </message>
    <message>
        <source>The YouTube Data API address; change it only to test against another server.</source>
        <translation>L'indirizzo della YouTube Data API; cambialo solo per fare prove con un altro server.</translation>
    </message>
</context>
<context>
    <name>settings_dialog</name>
    <message>
        <source>Bea settings</source>
        <translation>Impostazioni di Bea</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Generale</translation>
    </message>
    <message>
        <source>Mind</source>
        <translation>Mente</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Skill</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>API locale</translation>
    </message>
    <message>
        <source>Not saved: {field}: {reason}</source>
        <translation>Non salvato: {field}: {reason}</translation>
    </message>
</context>
<context>
    <name>shell_state</name>
    <message>
        <source>live</source>
        <translation>in live</translation>
    </message>
    <message>
        <source>mind paused</source>
        <translation>mente in pausa</translation>
    </message>
    <message>
        <source>voice muted</source>
        <translation>voce silenziata</translation>
    </message>
    <message>
        <source>privacy mode (local network)</source>
        <translation>modalità privacy (rete locale)</translation>
    </message>
    <message>
        <source>privacy mode</source>
        <translation>modalità privacy</translation>
    </message>
    <message>
        <source>Model: {model}</source>
        <translation>Modello: {model}</translation>
    </message>
</context>
<context>
    <name>skills</name>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>You talk with her in the Chat dock, here in the app, and see there why she could not answer.</source>
        <translation>Parli con lei nel pannello Chat, qui nell'app, e lì vedi perché non è riuscita a rispondere.</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Orologio</translation>
    </message>
    <message>
        <source>She knows your local time and date.</source>
        <translation>Conosce la tua ora e la tua data locali.</translation>
    </message>
    <message>
        <source>Discord</source>
        <translation>Discord</translation>
    </message>
    <message>
        <source>She reads and answers written messages on Discord in the channels and from the people you allow, in writing, never out loud.</source>
        <translation>Legge e risponde ai messaggi scritti su Discord nei canali e dalle persone che permetti tu, per iscritto, mai a voce.</translation>
    </message>
    <message>
        <source>Donations</source>
        <translation>Donazioni</translation>
    </message>
    <message>
        <source>Tips from Ko-fi, Streamlabs or any webhook reach her: she thanks the donor and remembers them.</source>
        <translation>Le donazioni da Ko-fi, Streamlabs o qualsiasi webhook arrivano a lei: ringrazia chi dona e se lo ricorda.</translation>
    </message>
    <message>
        <source>Idle life</source>
        <translation>Vita a riposo</translation>
    </message>
    <message>
        <source>When the stream goes quiet, she thinks to herself and may speak up on her own.</source>
        <translation>Quando la live si fa silenziosa, pensa tra sé e può intervenire di sua iniziativa.</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>She remembers what people said, recalls it when it matters, and dreams it into lasting memories.</source>
        <translation>Ricorda cosa ha detto la gente, lo richiama quando serve e lo sogna in ricordi duraturi.</translation>
    </message>
    <message>
        <source>OBS</source>
        <translation>OBS</translation>
    </message>
    <message>
        <source>She switches scenes, shows or hides sources and writes text in OBS, and captions what she says.</source>
        <translation>Cambia scena, mostra o nasconde fonti e scrive testo in OBS, e sottotitola quello che dice.</translation>
    </message>
    <message>
        <source>People</source>
        <translation>Persone</translation>
    </message>
    <message>
        <source>She keeps track of who is in chat and gets to know your regulars.</source>
        <translation>Tiene traccia di chi è in chat e impara a conoscere i tuoi habitué.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tu</translation>
    </message>
    <message>
        <source>She learns about you, from what you tell her and what your devices share; correct it in the You dock.</source>
        <translation>Impara a conoscerti, da quello che le dici e da quello che condividono i tuoi dispositivi; correggilo nel pannello Tu.</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Piano</translation>
    </message>
    <message>
        <source>She follows today's plan from the Plan dock and ticks objectives off as they are done.</source>
        <translation>Segue il piano di oggi dal pannello Piano e spunta gli obiettivi man mano che sono fatti.</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Palco</translation>
    </message>
    <message>
        <source>Her body: a VRM avatar that moves, blinks and shows her mood, in the app and in OBS.</source>
        <translation>Il suo corpo: un avatar VRM che si muove, sbatte le palpebre e mostra il suo umore, nell'app e in OBS.</translation>
    </message>
    <message>
        <source>Telegram</source>
        <translation>Telegram</translation>
    </message>
    <message>
        <source>She reads and answers written messages on Telegram from the people and groups you allow, in writing, never out loud.</source>
        <translation>Legge e risponde ai messaggi scritti su Telegram dalle persone e dai gruppi che permetti tu, per iscritto, mai a voce.</translation>
    </message>
    <message>
        <source>Twitch</source>
        <translation>Twitch</translation>
    </message>
    <message>
        <source>She reads your Twitch chat and, with her own login, writes in it.</source>
        <translation>Legge la tua chat di Twitch e, con il suo login, ci scrive.</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voce</translation>
    </message>
    <message>
        <source>She hears you through your microphone and answers out loud in her own voice.</source>
        <translation>Ti sente dal microfono e risponde a voce alta con la sua voce.</translation>
    </message>
    <message>
        <source>YouTube</source>
        <translation>YouTube</translation>
    </message>
    <message>
        <source>She reads the chat of your YouTube live stream; Super Chats count as donations.</source>
        <translation>Legge la chat della tua live su YouTube; i Super Chat contano come donazioni.</translation>
    </message>
</context>
<context>
    <name>skills_page</name>
    <message>
        <source>Switch on what she may do. A skill that is off costs nothing and she cannot switch it on herself.</source>
        <translation>Accendi quello che può fare. Una skill spenta non costa niente e lei non può accenderla da sola.</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Impostazioni…</translation>
    </message>
    <message>
        <source>Open the {title} page</source>
        <translation>Apri la pagina {title}</translation>
    </message>
</context>
<context>
    <name>stage_dock</name>
    <message>
        <source>Upper body</source>
        <translation>Mezzo busto</translation>
    </message>
    <message>
        <source>Full body</source>
        <translation>Figura intera</translation>
    </message>
    <message>
        <source>Face</source>
        <translation>Viso</translation>
    </message>
    <message>
        <source>Transparent</source>
        <translation>Trasparente</translation>
    </message>
    <message>
        <source>Chroma key</source>
        <translation>Chroma key</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Colore</translation>
    </message>
    <message>
        <source>No avatar chosen.</source>
        <translation>Nessun avatar scelto.</translation>
    </message>
    <message>
        <source>{title}, the default avatar (VRM 1.0, public domain). Choose your own .vrm with “Choose avatar…”.</source>
        <translation>{title}, l'avatar predefinito (VRM 1.0, pubblico dominio). Scegli il tuo .vrm con “Scegli avatar…”.</translation>
    </message>
    <message>
        <source>{title} (VRM {version}, {file}, {size} KB)</source>
        <translation>{title} (VRM {version}, {file}, {size} KB)</translation>
    </message>
    <message>
        <source> (from the file; the stage has not reported yet)</source>
        <translation> (dal file; il palco non ha ancora risposto)</translation>
    </message>
    <message>
        <source>Expressions: {faces}{source}</source>
        <translation>Espressioni: {faces}{source}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nessuna</translation>
    </message>
    <message>
        <source>Lip sync: {shapes}</source>
        <translation>Lip sync: {shapes}</translation>
    </message>
    <message>
        <source>none (this model has no mouth shapes)</source>
        <translation>nessuno (questo modello non ha forme della bocca)</translation>
    </message>
    <message>
        <source>Blink: yes</source>
        <translation>Palpebre: sì</translation>
    </message>
    <message>
        <source>Blink: no</source>
        <translation>Palpebre: no</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>a riposo</translation>
    </message>
    <message>
        <source>the stage cannot play it</source>
        <translation>il palco non riesce a riprodurla</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>pronta</translation>
    </message>
    <message>
        <source>{name} (not a clip)</source>
        <translation>{name} (non è una clip)</translation>
    </message>
    <message>
        <source>No page is showing the stage.</source>
        <translation>Nessuna pagina sta mostrando il palco.</translation>
    </message>
    <message>
        <source>Showing on: </source>
        <translation>In onda su: </translation>
    </message>
    <message>
        <source>{client} {page} ({fps:.0f} fps)</source>
        <translation>{client} {page} ({fps:.0f} fps)</translation>
    </message>
    <message>
        <source>Choose avatar…</source>
        <translation>Scegli avatar…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Rimuovi</translation>
    </message>
    <message>
        <source>Add clips…</source>
        <translation>Aggiungi clip…</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>A riposo</translation>
    </message>
    <message>
        <source>Loop this clip whenever she is not playing another one.</source>
        <translation>Ripeti questa clip quando non ne sta facendo un'altra.</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Riproduci</translation>
    </message>
    <message>
        <source>Try a mood: excited, sad, curious…</source>
        <translation>Prova un umore: excited, sad, curious…</translation>
    </message>
    <message>
        <source>Copy stage URL</source>
        <translation>Copia URL del palco</translation>
    </message>
    <message>
        <source>Copy captions URL</source>
        <translation>Copia URL dei sottotitoli</translation>
    </message>
    <message>
        <source>Animation clips (.vrma): &lt;do:name&gt; in her words plays one.</source>
        <translation>Clip di animazione (.vrma): &lt;do:name&gt; nelle sue parole ne fa partire una.</translation>
    </message>
    <message>
        <source>Mood</source>
        <translation>Umore</translation>
    </message>
    <message>
        <source>Camera</source>
        <translation>Inquadratura</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>Sfondo</translation>
    </message>
    <message>
        <source>OBS browser source:</source>
        <translation>Fonte browser di OBS:</translation>
    </message>
    <message>
        <source>(not available: see above)</source>
        <translation>(non disponibile: vedi sopra)</translation>
    </message>
    <message>
        <source>Choose her avatar</source>
        <translation>Scegli il suo avatar</translation>
    </message>
    <message>
        <source>VRM avatars (*.vrm);;All files (*)</source>
        <translation>Avatar VRM (*.vrm);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>Add animation clips</source>
        <translation>Aggiungi clip di animazione</translation>
    </message>
    <message>
        <source>VRM animations (*.vrma);;All files (*)</source>
        <translation>Animazioni VRM (*.vrma);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>Playing “{key}”.</source>
        <translation>Sta facendo “{key}”.</translation>
    </message>
    <message>
        <source>“{word}” → {expression} (for 5 seconds)</source>
        <translation>“{word}” → {expression} (per 5 secondi)</translation>
    </message>
    <message>
        <source>a neutral face</source>
        <translation>una faccia neutra</translation>
    </message>
    <message>
        <source>Copied {url}: in OBS, add a Browser source with it.</source>
        <translation>Copiato {url}: in OBS aggiungi una fonte Browser con questo indirizzo.</translation>
    </message>
</context>
<context>
    <name>stage_page</name>
    <message>
        <source>Waiting for Bea…</source>
        <translation>In attesa di Bea…</translation>
    </message>
    <message>
        <source>No avatar yet: choose a .vrm file in the Stage dock.</source>
        <translation>Ancora nessun avatar: scegli un file .vrm nel pannello Palco.</translation>
    </message>
    <message>
        <source>Loading “{name}”…</source>
        <translation>Caricamento di “{name}”…</translation>
    </message>
    <message>
        <source>Her avatar cannot be drawn here: this view has no WebGL (3D graphics), so the stage stays empty ({why}).</source>
        <translation>Il suo avatar non si può disegnare qui: questa vista non ha WebGL (grafica 3D), quindi il palco resta vuoto ({why}).</translation>
    </message>
    <message>
        <source>The stage could not start: its three.js files are missing (run npm ci in the stage folder).</source>
        <translation>Il palco non è partito: mancano i suoi file three.js (esegui npm ci nella cartella stage).</translation>
    </message>
</context>
<context>
    <name>stage_settings</name>
    <message>
        <source>Empty: her default body (the Stage dock picks a file)</source>
        <translation>Vuoto: il suo corpo predefinito (il file si sceglie nel pannello Palco)</translation>
    </message>
    <message>
        <source>Not saved: {why}</source>
        <translation>Non salvato: {why}</translation>
    </message>
    <message>
        <source>One .vrma file per line (the Stage dock adds them for you)</source>
        <translation>Un file .vrma per riga (li aggiunge per te il pannello Palco)</translation>
    </message>
    <message>
        <source>excited=Smile, sad=Cry (empty: all automatic)</source>
        <translation>excited=Smile, sad=Cry (vuoto: tutto automatico)</translation>
    </message>
</context>
<context>
    <name>stage_status</name>
    <message>
        <source>asleep (no model set: Settings → Mind)</source>
        <translation>addormentata (nessun modello: Impostazioni → Mente)</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>si sta avviando</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>in pausa</translation>
    </message>
    <message>
        <source>awake</source>
        <translation>sveglia</translation>
    </message>
    <message>
        <source>The stage (her avatar) appears here when the Stage skill is on.</source>
        <translation>Il palco (il suo avatar) compare qui quando la skill Palco è accesa.</translation>
    </message>
    <message>
        <source>Mind: {state}</source>
        <translation>Mente: {state}</translation>
    </message>
    <message>
        <source>Voice: muted</source>
        <translation>Voce: silenziata</translation>
    </message>
    <message>
        <source>Privacy mode: on</source>
        <translation>Modalità privacy: attiva</translation>
    </message>
    <message>
        <source>Privacy mode: off</source>
        <translation>Modalità privacy: spenta</translation>
    </message>
    <message>
        <source>Memory: {path} (encrypted, schema {version})</source>
        <translation>Memoria: {path} (cifrata, schema {version})</translation>
    </message>
    <message>
        <source>Skills running: {skills}</source>
        <translation>Skill attive: {skills}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>nessuna</translation>
    </message>
</context>
<context>
    <name>stage_view</name>
    <message>
        <source>The stage is off (Settings → Stage).</source>
        <translation>Il palco è spento (Impostazioni → Palco).</translation>
    </message>
    <message>
        <source>The stage is starting…</source>
        <translation>Il palco si sta avviando…</translation>
    </message>
    <message>
        <source>Her avatar cannot be drawn in this window: it has no WebGL (3D graphics), so the stage stays empty. Update your graphics driver or turn on 3D acceleration, then restart Bea. OBS's browser source may still show her.</source>
        <translation>Il suo avatar non si può disegnare in questa finestra: non ha WebGL (grafica 3D), quindi il palco resta vuoto. Aggiorna il driver grafico o attiva l'accelerazione 3D, poi riavvia Bea. La sorgente browser di OBS potrebbe comunque mostrarla.</translation>
    </message>
</context>
<context>
    <name>status_bar</name>
    <message>
        <source>Mood: {mood}</source>
        <translation>Umore: {mood}</translation>
    </message>
    <message>
        <source>⚠ {count} problems</source>
        <translation>⚠ {count} problemi</translation>
    </message>
    <message>
        <source>⚠ 1 problem</source>
        <translation>⚠ 1 problema</translation>
    </message>
    <message>
        <source>What is wrong is listed above her stage: show every line, or only the first.</source>
        <translation>Cosa non va è elencato sopra il suo palco: mostra ogni riga, o solo la prima.</translation>
    </message>
    <message>
        <source>mind paused</source>
        <translation>mente in pausa</translation>
    </message>
    <message>
        <source>voice muted</source>
        <translation>voce silenziata</translation>
    </message>
    <message>
        <source>● LIVE</source>
        <translation>● LIVE</translation>
    </message>
    <message>
        <source>Not live</source>
        <translation>Non in live</translation>
    </message>
    <message>
        <source>A stream session is open: what happens now belongs to this stream.</source>
        <translation>Una sessione di live è aperta: quello che succede adesso fa parte di questa live.</translation>
    </message>
    <message>
        <source>No stream session is open: File → Go live starts one.</source>
        <translation>Nessuna sessione di live aperta: File → Vai in live ne apre una.</translation>
    </message>
    <message>
        <source>Model: {state}</source>
        <translation>Modello: {state}</translation>
    </message>
    <message>
        <source>Privacy mode: on (local network)</source>
        <translation>Modalità privacy: attiva (rete locale)</translation>
    </message>
    <message>
        <source>Privacy mode: on (local only)</source>
        <translation>Modalità privacy: attiva (solo locale)</translation>
    </message>
    <message>
        <source>Privacy mode: off</source>
        <translation>Modalità privacy: spenta</translation>
    </message>
    <message>
        <source>You're live: what happens from now on belongs to this stream.</source>
        <translation>Sei in live: quello che succede da adesso fa parte di questa live.</translation>
    </message>
    <message>
        <source>The stream session has ended.</source>
        <translation>La sessione di live è finita.</translation>
    </message>
    <message>
        <source>no model (Settings → Mind)</source>
        <translation>nessun modello (Impostazioni → Mente)</translation>
    </message>
    <message>
        <source>the built-in demo model</source>
        <translation>il modello demo integrato</translation>
    </message>
</context>
<context>
    <name>token_dock</name>
    <message>
        <source>She answers here in writing, never out loud. Where and with whom: Settings → Discord.</source>
        <translation>Qui risponde per iscritto, mai a voce. Dove e con chi: Impostazioni → Discord.</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Collegata</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Spenta</translation>
    </message>
    <message>
        <source>No token</source>
        <translation>Nessun token</translation>
    </message>
    <message>
        <source>Connecting</source>
        <translation>Mi collego</translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation>Riprovo</translation>
    </message>
    <message>
        <source>Not answering</source>
        <translation>Non risponde</translation>
    </message>
    <message>
        <source>Token refused</source>
        <translation>Token rifiutato</translation>
    </message>
    <message>
        <source>Intents refused</source>
        <translation>Intent rifiutati</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Rifiutata</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>In attesa</translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation>Conflitto</translation>
    </message>
    <message>
        <source>{reading} as {me}</source>
        <translation>{reading} come {me}</translation>
    </message>
    <message>
        <source>ignored:</source>
        <translation>ignorato:</translation>
    </message>
    <message>
        <source>No conversations yet.</source>
        <translation>Ancora nessuna conversazione.</translation>
    </message>
    <message>
        <source>{place}: {lines} message(s), the last {minutes} min ago</source>
        <translation>{place}: {lines} messaggi, l'ultimo {minutes} min fa</translation>
    </message>
    <message>
        <source>She answers here in writing, never out loud. Who she may talk to: Settings → Telegram.</source>
        <translation>Qui risponde per iscritto, mai a voce. Con chi può parlare: Impostazioni → Telegram.</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>Sta leggendo</translation>
    </message>
    <message>
        <source>{state}: {why}</source>
        <translation>{state}: {why}</translation>
    </message>
    <message>
        <source>Not sent to {place}: {title} asked her to wait {wait} s, longer than a line stays worth sending ({life} s). Unsent: {line}</source>
        <translation>Non inviata a {place}: {title} le ha chiesto di aspettare {wait} s, più a lungo di quanto valga la pena inviare una frase ({life} s). Testo non inviato: {line}</translation>
    </message>
</context>
<context>
    <name>token_page</name>
    <message>
        <source>Make her a bot: in the Discord Developer Portal (discord.com/developers/applications) create an application, open Bot, press Reset Token and paste the token here; on the same page switch on 'Message Content Intent'.</source>
        <translation>Falle un bot: nel Discord Developer Portal (discord.com/developers/applications) crea un'applicazione, apri Bot, premi Reset Token e incolla qui il token; nella stessa pagina accendi 'Message Content Intent'.</translation>
    </message>
    <message>
        <source>paste the bot token from the Developer Portal</source>
        <translation>incolla il token del bot dal Developer Portal</translation>
    </message>
    <message>
        <source>No bot token is kept: {title} stays off until you save one here.</source>
        <translation>Nessun token del bot custodito: {title} resta spento finché non ne salvi uno qui.</translation>
    </message>
    <message>
        <source> as {me}</source>
        <translation> come {me}</translation>
    </message>
    <message>
        <source>A bot token is kept in {place}. {title} is {state}{where}</source>
        <translation>Un token del bot è custodito {place}. {title}: {state}{where}</translation>
    </message>
    <message>
        <source>the keyring</source>
        <translation>nel portachiavi</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>Salva token</translation>
    </message>
    <message>
        <source>Bot token</source>
        <translation>Token del bot</translation>
    </message>
    <message>
        <source>Make her a bot: in Telegram, write /newbot to @BotFather, pick a name, and paste the token it gives you here.</source>
        <translation>Falle un bot: in Telegram scrivi /newbot a @BotFather, scegli un nome e incolla qui il token che ti dà.</translation>
    </message>
    <message>
        <source>paste the bot token from @BotFather</source>
        <translation>incolla il token del bot da @BotFather</translation>
    </message>
    <message>
        <source>Invite the bot to your server (OAuth2 → URL Generator: scope bot, permissions Send Messages, Add Reactions, Read Message History). She answers in an allowed channel only when mentioned or replied to.</source>
        <translation>Invita il bot nel tuo server (OAuth2 → URL Generator: scope bot, permessi Send Messages, Add Reactions, Read Message History). In un canale permesso risponde solo quando viene menzionata o quando le rispondono.</translation>
    </message>
    <message>
        <source>Ids: Discord Settings → Advanced → Developer Mode, then right-click → Copy ID; the dock shows them when someone writes before they are allowed.</source>
        <translation>ID: Impostazioni di Discord → Avanzate → Modalità sviluppatore, poi clic destro → Copia ID; il pannello li mostra quando qualcuno scrive prima di essere permesso.</translation>
    </message>
    <message>
        <source>To let her read a group, add the bot to it; she answers there only when mentioned or replied to (for a reply, BotFather's /setprivacy need not change). Your user id: the dock shows it when you write to her before you are allowed.</source>
        <translation>Per farle leggere un gruppo, aggiungici il bot; lì risponde solo quando viene menzionata o quando le rispondono (per le risposte non serve cambiare /setprivacy di BotFather). Il tuo ID utente: il pannello lo mostra quando le scrivi prima di essere permesso.</translation>
    </message>
</context>
<context>
    <name>token_platform</name>
    <message>
        <source>no bot token is kept (Settings → {title})</source>
        <translation>nessun token del bot custodito (Impostazioni → {title})</translation>
    </message>
    <message>
        <source>{title} needs the network gate, and this build has none</source>
        <translation>{title} ha bisogno del filtro di rete, e questa versione non ce l'ha</translation>
    </message>
</context>
<context>
    <name>turn_log_dock</name>
    <message>
        <source>spoke</source>
        <translation>parlato</translation>
    </message>
    <message>
        <source>wrote</source>
        <translation>scritto</translation>
    </message>
    <message>
        <source>silent</source>
        <translation>zitta</translation>
    </message>
    <message>
        <source>mute</source>
        <translation>a vuoto</translation>
    </message>
    <message>
        <source>acted</source>
        <translation>agito</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fallito</translation>
    </message>
    <message>
        <source>~{prompt}+{completion} tokens (estimated)</source>
        <translation>~{prompt}+{completion} token (stimati)</translation>
    </message>
    <message>
        <source>{prompt}+{completion} tokens</source>
        <translation>{prompt}+{completion} token</translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>(niente)</translation>
    </message>
    <message>
        <source> · rescued</source>
        <translation> · salvato</translation>
    </message>
    <message numerus="yes">
        <source>{stamp}  {outcome:&lt;6} %Ln calls, {tokens}{cost}, {ms:.0f} ms{flag}{why} — {first}{more}</source>
        <translation>
            <numerusform>{stamp}  {outcome:&lt;6} %Ln chiamata, {tokens}{cost}, {ms:.0f} ms{flag}{why} — {first}{more}</numerusform>
            <numerusform>{stamp}  {outcome:&lt;6} %Ln chiamate, {tokens}{cost}, {ms:.0f} ms{flag}{why} — {first}{more}</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;i&gt;none&lt;/i&gt;</source>
        <translation>&lt;i&gt;nessuno&lt;/i&gt;</translation>
    </message>
    <message>
        <source> [failed]</source>
        <translation> [fallita]</translation>
    </message>
    <message numerus="yes">
        <source>{model} · %Ln model calls · {estimated}{prompt_tokens} prompt + {completion_tokens} completion tokens ({reasoning_tokens} reasoning){estimate_note}{cost} · {ms:.0f} ms · outcome {outcome}{rescued}</source>
        <translation>
            <numerusform>{model} · %Ln chiamata al modello · {estimated}{prompt_tokens} di prompt + {completion_tokens} token di risposta ({reasoning_tokens} di ragionamento){estimate_note}{cost} · {ms:.0f} ms · esito {outcome}{rescued}</numerusform>
            <numerusform>{model} · %Ln chiamate al modello · {estimated}{prompt_tokens} di prompt + {completion_tokens} token di risposta ({reasoning_tokens} di ragionamento){estimate_note}{cost} · {ms:.0f} ms · esito {outcome}{rescued}</numerusform>
        </translation>
    </message>
    <message>
        <source>no model</source>
        <translation>nessun modello</translation>
    </message>
    <message>
        <source> (estimated: the server reported none)</source>
        <translation> (stimati: il server non li ha riportati)</translation>
    </message>
    <message>
        <source>&lt;p style='color:{problem}'&gt;&lt;b&gt;She couldn't answer:&lt;/b&gt; {why}&lt;/p&gt;</source>
        <translation>&lt;p style='color:{problem}'&gt;&lt;b&gt;Non è riuscita a rispondere:&lt;/b&gt; {why}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Models tried</source>
        <translation>Modelli provati</translation>
    </message>
    <message>
        <source>Perceptions</source>
        <translation>Percezioni</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Chiamate agli strumenti</translation>
    </message>
    <message>
        <source>Thoughts</source>
        <translation>Pensieri</translation>
    </message>
    <message>
        <source>Briefing (dynamic)</source>
        <translation>Briefing (dinamico)</translation>
    </message>
    <message>
        <source>Prompt in force (static)</source>
        <translation>Prompt in vigore (statico)</translation>
    </message>
    <message>
        <source>Search turns (every word must match)…</source>
        <translation>Cerca nei turni (devono esserci tutte le parole)…</translation>
    </message>
    <message>
        <source>&lt;i&gt;No turns yet.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Ancora nessun turno.&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>twitch_dock</name>
    <message>
        <source>not connected to {channel}</source>
        <translation>non collegata a {channel}</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;{who}&lt;/b&gt; cheered %Ln bits: </source>
        <translation>
            <numerusform>&lt;b&gt;{who}&lt;/b&gt; ha fatto cheer di %Ln bit: </numerusform>
            <numerusform>&lt;b&gt;{who}&lt;/b&gt; ha fatto cheer di %Ln bit: </numerusform>
        </translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Collegata</translation>
    </message>
    <message>
        <source>Connecting</source>
        <translation>Mi collego</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>Mi ricollego</translation>
    </message>
    <message>
        <source>Login refused</source>
        <translation>Login rifiutato</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Rifiutata</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Spenta</translation>
    </message>
    <message numerus="yes">
        <source>{name} · %Ln messages</source>
        <translation>
            <numerusform>{name} · %Ln messaggio</numerusform>
            <numerusform>{name} · %Ln messaggi</numerusform>
        </translation>
    </message>
    <message>
        <source>(no name shown)</source>
        <translation>(nessun nome visibile)</translation>
    </message>
    <message>
        <source>Here now</source>
        <translation>Presenti ora</translation>
    </message>
    <message>
        <source>Write in Twitch chat as her…</source>
        <translation>Scrivi nella chat di Twitch come lei…</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Invia</translation>
    </message>
    <message>
        <source>no channel</source>
        <translation>nessun canale</translation>
    </message>
    <message>
        <source>Read-only: set her login and a token in Settings → Twitch to write</source>
        <translation>Sola lettura: per scrivere imposta il suo login e un token in Impostazioni → Twitch</translation>
    </message>
    <message>
        <source>Here now: unavailable ({exc})</source>
        <translation>Presenti ora: non disponibile ({exc})</translation>
    </message>
    <message>
        <source>Here now ({count})</source>
        <translation>Presenti ora ({count})</translation>
    </message>
    <message>
        <source>Here now: nobody yet</source>
        <translation>Presenti ora: ancora nessuno</translation>
    </message>
    <message>
        <source>Twitch chat is off: set the channel in Settings → Twitch.</source>
        <translation>La chat di Twitch è spenta: indica il canale in Impostazioni → Twitch.</translation>
    </message>
    <message>
        <source>The Twitch skill is switched off (Settings → Skills).</source>
        <translation>La skill Twitch è spenta (Impostazioni → Skill).</translation>
    </message>
</context>
<context>
    <name>twitch_settings</name>
    <message>
        <source>oauth:… (the chat token of her login)</source>
        <translation>oauth:… (il token della chat del suo login)</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>Salva token</translation>
    </message>
    <message>
        <source>OAuth token</source>
        <translation>Token OAuth</translation>
    </message>
    <message>
        <source>The token is kept in {place}.</source>
        <translation>Il token è custodito {place}.</translation>
    </message>
    <message>
        <source>nowhere in this build</source>
        <translation>da nessuna parte in questa versione</translation>
    </message>
    <message>
        <source>nowhere (this build keeps no secrets)</source>
        <translation>da nessuna parte (questa versione non custodisce segreti)</translation>
    </message>
    <message>
        <source>A token is kept in {where}: with her login set, she can write in chat.</source>
        <translation>Un token è custodito {where}: con il suo login impostato, può scrivere in chat.</translation>
    </message>
    <message>
        <source>No token: she reads chat anonymously and cannot write in it.</source>
        <translation>Nessun token: legge la chat in forma anonima e non può scriverci.</translation>
    </message>
</context>
<context>
    <name>voice_dock</name>
    <message>
        <source>Push to talk</source>
        <translation>Premi per parlare</translation>
    </message>
    <message>
        <source>Always on</source>
        <translation>Sempre attivo</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Spento</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Si sta caricando</translation>
    </message>
    <message>
        <source>Ducked</source>
        <translation>Voce abbassata</translation>
    </message>
    <message>
        <source>Speaking</source>
        <translation>Sta parlando</translation>
    </message>
    <message>
        <source>Hearing you</source>
        <translation>Ti sente</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Sta pensando</translation>
    </message>
    <message>
        <source>Listening</source>
        <translation>In ascolto</translation>
    </message>
    <message>
        <source>Not hearing you: no microphone</source>
        <translation>Non ti sente: nessun microfono</translation>
    </message>
    <message>
        <source>Speaking into silence: no speakers</source>
        <translation>Parla nel vuoto: nessun altoparlante</translation>
    </message>
    <message>
        <source>No audio devices: </source>
        <translation>Nessun dispositivo audio: </translation>
    </message>
    <message>
        <source>&lt;b&gt;Voice is off&lt;/b&gt; (turn it on in Settings → Skills).</source>
        <translation>&lt;b&gt;La voce è spenta&lt;/b&gt; (accendila in Impostazioni → Skill).</translation>
    </message>
    <message>
        <source>Hold to talk</source>
        <translation>Tieni premuto per parlare</translation>
    </message>
    <message>
        <source>Stop her</source>
        <translation>Fermala</translation>
    </message>
    <message>
        <source>Silence her now.</source>
        <translation>Zittiscila subito.</translation>
    </message>
    <message>
        <source>No audio devices: {why}</source>
        <translation>Nessun dispositivo audio: {why}</translation>
    </message>
    <message>
        <source>Her voice is taken out of the microphone ({erle_db:.0f} dB).</source>
        <translation>La sua voce viene tolta dal microfono ({erle_db:.0f} dB).</translation>
    </message>
    <message>
        <source>Learning how her voice comes back from your speakers: she needs to speak a few seconds.</source>
        <translation>Sta imparando come la sua voce torna dalle casse: deve parlare qualche secondo.</translation>
    </message>
    <message>
        <source>mic %v</source>
        <translation>mic %v</translation>
    </message>
    <message>
        <source>Hearing</source>
        <translation>Ascolto</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Microfono</translation>
    </message>
    <message>
        <source>Speakers</source>
        <translation>Altoparlanti</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Livello</translation>
    </message>
    <message>
        <source>Last heard:</source>
        <translation>Ultima cosa sentita:</translation>
    </message>
    <message>
        <source>Hold to talk ({label})</source>
        <translation>Tieni premuto per parlare ({label})</translation>
    </message>
    <message>
        <source>Push-to-talk: hold the button while you speak to her. {key_status}</source>
        <translation>Premi per parlare: tieni premuto il pulsante mentre le parli. {key_status}</translation>
    </message>
    <message>
        <source>mic {level_db:.0f} dB</source>
        <translation>mic {level_db:.0f} dB</translation>
    </message>
    <message>
        <source>mic —</source>
        <translation>mic —</translation>
    </message>
    <message>
        <source>end of your turn</source>
        <translation>fine del tuo turno</translation>
    </message>
    <message>
        <source>hearing</source>
        <translation>ascolto</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>pensiero</translation>
    </message>
    <message>
        <source>her voice</source>
        <translation>la sua voce</translation>
    </message>
    <message>
        <source>Her last answer: none yet since you spoke.</source>
        <translation>La sua ultima risposta: ancora nessuna da quando hai parlato.</translation>
    </message>
    <message>
        <source>Her last answer took {total}: {parts}</source>
        <translation>La sua ultima risposta ha richiesto {total}: {parts}</translation>
    </message>
    <message>
        <source>From the end of your last word to her first sound. End of your turn: the pause she waits for (Settings → Voice). Hearing: your words into text. Thinking: her model, until her first words. Her voice: her first words into sound.</source>
        <translation>Dalla fine della tua ultima parola al suo primo suono. Fine del tuo turno: la pausa che aspetta (Impostazioni → Voce). Ascolto: le tue parole in testo. Pensiero: il suo modello, fino alle sue prime parole. La sua voce: le sue prime parole in suono.</translation>
    </message>
</context>
<context>
    <name>voice_settings</name>
    <message>
        <source>(system default)</source>
        <translation>(predefinito di sistema)</translation>
    </message>
    <message>
        <source>(packaged: whisper base; tiny.en for English where base is missing; MIT)</source>
        <translation>(incluso: whisper base; tiny.en per l'inglese dove manca base; MIT)</translation>
    </message>
    <message>
        <source>(packaged: en_US joe; MIT, dataset CC0)</source>
        <translation>(inclusa: en_US joe; MIT, dataset CC0)</translation>
    </message>
    <message>
        <source>Detect it</source>
        <translation>Rilevala</translation>
    </message>
    <message>
        <source>For an OpenAI-compatible server above that asks for an API key: pick it, paste its key and save. The key is kept in your keyring, never in the settings.</source>
        <translation>Per un server compatibile con OpenAI elencato sopra che chiede una chiave API: sceglilo, incolla la chiave e salva. La chiave resta nel portachiavi, mai nelle impostazioni.</translation>
    </message>
    <message>
        <source>No audio devices: {why}</source>
        <translation>Nessun dispositivo audio: {why}</translation>
    </message>
    <message>
        <source>the server's API key, if it asks for one</source>
        <translation>la chiave API del server, se ne chiede una</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>Salva chiave</translation>
    </message>
    <message>
        <source>Server key</source>
        <translation>Chiave del server</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Prova connessione</translation>
    </message>
    <message>
        <source>List an OpenAI-compatible server above first.</source>
        <translation>Prima elenca sopra un server compatibile con OpenAI.</translation>
    </message>
    <message>
        <source>The key is saved in {where}.</source>
        <translation>La chiave è salvata {where}.</translation>
    </message>
    <message>
        <source>The key is forgotten.</source>
        <translation>La chiave è stata dimenticata.</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Al lavoro…</translation>
    </message>
    <message>
        <source>{server}: answered in {ms} ms; it offers {offer}</source>
        <translation>{server}: ha risposto in {ms} ms; offre {offer}</translation>
    </message>
    <message>
        <source>{server}: {why}</source>
        <translation>{server}: {why}</translation>
    </message>
    <message>
        <source>Not a place: {why}</source>
        <translation>Non è un posto valido: {why}</translation>
    </message>
    <message>
        <source>Only this computer is listed: there is no server to test.</source>
        <translation>È elencato solo questo computer: non c'è nessun server da provare.</translation>
    </message>
</context>
<context>
    <name>voice_teach</name>
    <message>
        <source>Hi everyone, welcome back to the stream; grab a snack and get comfortable.</source>
        <translation>Ciao a tutti, bentornati in live; prendete qualcosa da bere e mettetevi comodi.</translation>
    </message>
    <message>
        <source>Today we are trying something new, so bear with me if it goes wrong.</source>
        <translation>Oggi proviamo una cosa nuova, quindi abbiate pazienza se qualcosa va storto.</translation>
    </message>
    <message>
        <source>Thank you all for the follows and the kind messages, it means a lot to me.</source>
        <translation>Grazie a tutti per i follow e per i messaggi gentili, significa molto per me.</translation>
    </message>
    <message>
        <source>The quick brown fox jumps over the lazy dog, while the chat keeps counting.</source>
        <translation>Quel vecchio gatto grigio salta sempre sulla sedia quando sente la musica.</translation>
    </message>
    <message>
        <source>Anyone (others as someone in the room)</source>
        <translation>Chiunque (gli altri come qualcuno nella stanza)</translation>
    </message>
    <message>
        <source>Only you</source>
        <translation>Solo te</translation>
    </message>
    <message>
        <source>She cannot learn voices: the voice model is not installed (Settings → Models, Voice of the streamer).</source>
        <translation>Non può imparare le voci: il modello delle voci non è installato (Impostazioni → Modelli, Voce dello streamer).</translation>
    </message>
    <message>
        <source>She cannot keep a voice print in this build.</source>
        <translation>In questa versione non può conservare un'impronta vocale.</translation>
    </message>
    <message>
        <source>Switch hearing on to teach her your voice.</source>
        <translation>Attiva l'ascolto per insegnarle la tua voce.</translation>
    </message>
    <message>
        <source>Teaching her your voice needs a microphone.</source>
        <translation>Per insegnarle la tua voce serve un microfono.</translation>
    </message>
    <message>
        <source>Teach her your voice</source>
        <translation>Insegnale la tua voce</translation>
    </message>
    <message>
        <source>Forget my voice</source>
        <translation>Dimentica la mia voce</translation>
    </message>
    <message>
        <source>Once she knows your voice: whom she hears.</source>
        <translation>Quando conosce la tua voce: chi ascolta.</translation>
    </message>
    <message>
        <source>Hear:</source>
        <translation>Ascolta:</translation>
    </message>
    <message>
        <source>She knows your voice.</source>
        <translation>Conosce la tua voce.</translation>
    </message>
    <message>
        <source>Other voices left out: {n}.</source>
        <translation>Altre voci lasciate fuori: {n}.</translation>
    </message>
    <message>
        <source>She does not know your voice yet: read three sentences so she can tell you from others in the room.</source>
        <translation>Non conosce ancora la tua voce: leggi tre frasi così potrà distinguerti dagli altri nella stanza.</translation>
    </message>
    <message>
        <source>Read aloud, then press Done:</source>
        <translation>Leggi ad alta voce, poi premi Fatto:</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fatto</translation>
    </message>
    <message>
        <source>Too little of your voice in that reading: read the whole sentence again, a little closer to the microphone.</source>
        <translation>Troppo poca voce in quella lettura: rileggi tutta la frase, un po' più vicino al microfono.</translation>
    </message>
    <message numerus="yes">
        <source>Good. %n more to read.</source>
        <translation>
            <numerusform>Bene. Ancora %n da leggere.</numerusform>
            <numerusform>Bene. Ancora %n da leggere.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %n did not sound like the others: press Teach and read one more.</source>
        <translation>
            <numerusform>La lettura %n non somigliava alle altre: premi Insegnale e leggine un'altra.</numerusform>
            <numerusform>La lettura %n non somigliava alle altre: premi Insegnale e leggine un'altra.</numerusform>
        </translation>
    </message>
    <message>
        <source>Done: she knows your voice.</source>
        <translation>Fatto: conosce la tua voce.</translation>
    </message>
    <message>
        <source>Forgotten: your voice print is deleted.</source>
        <translation>Dimenticata: la tua impronta vocale è cancellata.</translation>
    </message>
</context>
<context>
    <name>youtube_dock</name>
    <message>
        <source>She reads this chat and answers out loud; she cannot write in YouTube chat.</source>
        <translation>Legge questa chat e risponde a voce; non può scrivere nella chat di YouTube.</translation>
    </message>
    <message>
        <source>no stream named (Settings → YouTube)</source>
        <translation>nessuna live indicata (Impostazioni → YouTube)</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>Sta leggendo</translation>
    </message>
    <message>
        <source>Connecting</source>
        <translation>Mi collego</translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation>Riprovo</translation>
    </message>
    <message>
        <source>Not live</source>
        <translation>Non in live</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Finita</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Fermata</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Rifiutata</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>Nessuna chiave</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Spenta</translation>
    </message>
</context>
<context>
    <name>youtube_settings</name>
    <message>
        <source>A YouTube Data API v3 key: Google Cloud console → APIs &amp; Services → enable "YouTube Data API v3" → Credentials → Create credentials → API key. Reading a live chat costs quota: YouTube's default daily quota covers a few hours of chat.</source>
        <translation>Una chiave YouTube Data API v3: console Google Cloud → API e servizi → abilita "YouTube Data API v3" → Credenziali → Crea credenziali → Chiave API. Leggere una chat live consuma quota: la quota giornaliera standard di YouTube basta per qualche ora di chat.</translation>
    </message>
    <message>
        <source>paste your YouTube Data API key</source>
        <translation>incolla la tua chiave YouTube Data API</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>Salva chiave</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Chiave API</translation>
    </message>
    <message>
        <source>the keyring</source>
        <translation>nel portachiavi</translation>
    </message>
    <message>
        <source>A key is kept in {place}.</source>
        <translation>Una chiave è custodita {place}.</translation>
    </message>
    <message>
        <source>No key is kept.</source>
        <translation>Nessuna chiave custodita.</translation>
    </message>
    <message>
        <source>Not reading (name your stream above).</source>
        <translation>Non sta leggendo (indica la tua live qui sopra).</translation>
    </message>
    <message>
        <source>Not reading.</source>
        <translation>Non sta leggendo.</translation>
    </message>
    <message>
        <source>The chat is {state}</source>
        <translation>La chat è {state}</translation>
    </message>
</context>
</TS>