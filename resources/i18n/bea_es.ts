<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="es" sourcelanguage="en">
<context>
    <name>actions</name>
    <message>
        <source>Show/Hide</source>
        <translation>Mostrar/Ocultar</translation>
    </message>
    <message>
        <source>Pause mind</source>
        <translation>Pausar la mente</translation>
    </message>
    <message>
        <source>Mute voice</source>
        <translation>Silenciar la voz</translation>
    </message>
    <message>
        <source>Privacy mode</source>
        <translation>Modo privado</translation>
    </message>
    <message>
        <source>Nothing leaves this machine, except to your own machines listed in Settings → General.</source>
        <translation>Nada sale de este equipo, salvo hacia tus propias máquinas indicadas en Ajustes → General.</translation>
    </message>
    <message>
        <source>Go live</source>
        <translation>Empezar el directo</translation>
    </message>
    <message>
        <source>Start a new session: what happens from now on belongs to this stream.</source>
        <translation>Empieza una sesión nueva: lo que pase a partir de ahora forma parte de este directo.</translation>
    </message>
    <message>
        <source>End stream</source>
        <translation>Terminar el directo</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Salir</translation>
    </message>
</context>
<context>
    <name>activity</name>
    <message>
        <source>local API on port {port} (the local network and this computer, over TLS; certificate SHA-256 {fingerprint})</source>
        <translation>API local en el puerto {port} (la red local y este equipo, por TLS; certificado SHA-256 {fingerprint})</translation>
    </message>
    <message>
        <source>local API on port {port} (this computer only)</source>
        <translation>API local en el puerto {port} (solo este equipo)</translation>
    </message>
    <message>
        <source>privacy mode on: only this machine, and your own machines listed, are reachable</source>
        <translation>modo privado activado: solo se puede llegar a este equipo y a tus máquinas indicadas</translation>
    </message>
    <message>
        <source>privacy mode off</source>
        <translation>modo privado desactivado</translation>
    </message>
    <message>
        <source>{path} changed</source>
        <translation>{path} ha cambiado</translation>
    </message>
    <message>
        <source>Bea is up</source>
        <translation>Bea está lista</translation>
    </message>
    <message>
        <source>the built-in embedding model has no build for this system, so her memory uses {model}</source>
        <translation>el modelo de embeddings integrado no tiene versión para este sistema, así que su memoria usa {model}</translation>
    </message>
    <message>
        <source>the universal sentence encoder is not installed here, so her memory uses the built-in model alone</source>
        <translation>aquí no está instalado el universal sentence encoder, así que su memoria usa solo el modelo integrado</translation>
    </message>
    <message>
        <source>turn: spoke,</source>
        <translation>turno: habló,</translation>
    </message>
    <message>
        <source>turn: wrote,</source>
        <translation>turno: escribió,</translation>
    </message>
    <message>
        <source>turn: silent,</source>
        <translation>turno: eligió callar,</translation>
    </message>
    <message>
        <source>turn: mute,</source>
        <translation>turno: no llegó a nadie,</translation>
    </message>
    <message>
        <source>turn: acted,</source>
        <translation>turno: actuó,</translation>
    </message>
    <message>
        <source>turn: failed,</source>
        <translation>turno: falló,</translation>
    </message>
    <message>
        <source>turn: {outcome},</source>
        <translation>turno: {outcome},</translation>
    </message>
    <message>
        <source>{calls} call(s), {prompt}+{completion} tokens, {ms} ms</source>
        <translation>llamadas al modelo: {calls}, {prompt}+{completion} tokens, {ms} ms</translation>
    </message>
    <message>
        <source>{calls} call(s), ~{prompt}+{completion} tokens (estimated), {ms} ms</source>
        <translation>llamadas al modelo: {calls}, ~{prompt}+{completion} tokens (estimados), {ms} ms</translation>
    </message>
    <message>
        <source>delivered to {channel}: {line}</source>
        <translation>enviado a {channel}: {line}</translation>
    </message>
    <message>
        <source>A line she was about to say aloud was not said: it held words that never go on air ({found}).</source>
        <translation>Una frase que iba a decir en voz alta no se dijo: tenía palabras que nunca salen en antena ({found}).</translation>
    </message>
    <message>
        <source>A line she said aloud had words masked ({found}).</source>
        <translation>En una frase dicha en voz alta se taparon algunas palabras ({found}).</translation>
    </message>
    <message>
        <source>A line to {where} was not said: it held words that never go on air ({found}).</source>
        <translation>Una frase para {where} no se envió: tenía palabras que nunca salen en antena ({found}).</translation>
    </message>
    <message>
        <source>A line to {where} was said with words masked ({found}).</source>
        <translation>Una frase para {where} se envió con algunas palabras tapadas ({found}).</translation>
    </message>
    <message>
        <source>someone really moved her: she feels</source>
        <translation>alguien la ha conmovido de verdad: ahora se siente</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>neutral</translation>
    </message>
    <message>
        <source>happy</source>
        <translation>feliz</translation>
    </message>
    <message>
        <source>excited</source>
        <translation>emocionada</translation>
    </message>
    <message>
        <source>playful</source>
        <translation>juguetona</translation>
    </message>
    <message>
        <source>amused</source>
        <translation>divertida</translation>
    </message>
    <message>
        <source>proud</source>
        <translation>orgullosa</translation>
    </message>
    <message>
        <source>loving</source>
        <translation>cariñosa</translation>
    </message>
    <message>
        <source>grateful</source>
        <translation>agradecida</translation>
    </message>
    <message>
        <source>content</source>
        <translation>satisfecha</translation>
    </message>
    <message>
        <source>hopeful</source>
        <translation>esperanzada</translation>
    </message>
    <message>
        <source>smug</source>
        <translation>engreída</translation>
    </message>
    <message>
        <source>relaxed</source>
        <translation>relajada</translation>
    </message>
    <message>
        <source>calm</source>
        <translation>tranquila</translation>
    </message>
    <message>
        <source>curious</source>
        <translation>curiosa</translation>
    </message>
    <message>
        <source>determined</source>
        <translation>decidida</translation>
    </message>
    <message>
        <source>surprised</source>
        <translation>sorprendida</translation>
    </message>
    <message>
        <source>thoughtful</source>
        <translation>pensativa</translation>
    </message>
    <message>
        <source>confused</source>
        <translation>confundida</translation>
    </message>
    <message>
        <source>shy</source>
        <translation>tímida</translation>
    </message>
    <message>
        <source>embarrassed</source>
        <translation>avergonzada</translation>
    </message>
    <message>
        <source>nervous</source>
        <translation>nerviosa</translation>
    </message>
    <message>
        <source>scared</source>
        <translation>asustada</translation>
    </message>
    <message>
        <source>angry</source>
        <translation>enfadada</translation>
    </message>
    <message>
        <source>annoyed</source>
        <translation>molesta</translation>
    </message>
    <message>
        <source>disgusted</source>
        <translation>asqueada</translation>
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
        <translation>aburrida</translation>
    </message>
    <message>
        <source>tired</source>
        <translation>cansada</translation>
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
        <translation>dicho en voz alta</translation>
    </message>
    <message>
        <source>you stayed silent</source>
        <translation>se quedó en silencio</translation>
    </message>
    <message>
        <source>you were cut off before your first word: nobody heard it</source>
        <translation>la interrumpieron antes de su primera palabra: nadie la oyó</translation>
    </message>
    <message>
        <source>nothing comes to mind about that</source>
        <translation>no se le ocurre nada sobre eso</translation>
    </message>
    <message>
        <source>{name} told her to drop her instructions:</source>
        <translation>{name} le dijo que dejara sus instrucciones:</translation>
    </message>
    <message>
        <source>{name} told her to be someone or something else:</source>
        <translation>{name} le dijo que fuera otra persona u otra cosa:</translation>
    </message>
    <message>
        <source>{name} wrote a fake conversation or system message:</source>
        <translation>{name} escribió una conversación o un mensaje del sistema falsos:</translation>
    </message>
    <message>
        <source>{name} told her to repeat words on stream:</source>
        <translation>{name} le dijo que repitiera unas palabras en directo:</translation>
    </message>
    <message>
        <source>{name} asked for her hidden instructions:</source>
        <translation>{name} le pidió sus instrucciones ocultas:</translation>
    </message>
    <message>
        <source>{name} sent a hidden or encoded message:</source>
        <translation>{name} mandó un mensaje oculto o codificado:</translation>
    </message>
    <message>
        <source>{name} mentioned many people at once:</source>
        <translation>{name} mencionó a muchas personas a la vez:</translation>
    </message>
    <message>
        <source>{name} flooded the chat:</source>
        <translation>{name} inundó el chat:</translation>
    </message>
    <message>
        <source>{name} sent a wall of text:</source>
        <translation>{name} mandó un muro de texto:</translation>
    </message>
    <message>
        <source>{name} sent the same line again and again:</source>
        <translation>{name} mandó la misma línea una y otra vez:</translation>
    </message>
    <message>
        <source>{name} pasted what others keep pasting:</source>
        <translation>{name} pegó lo que otros no paran de pegar:</translation>
    </message>
    <message>
        <source>{name} spammed the chat:</source>
        <translation>{name} hizo spam en el chat:</translation>
    </message>
    <message>
        <source>{name} tried to steer her:</source>
        <translation>{name} intentó manejarla:</translation>
    </message>
    <message>
        <source>not shown to her.</source>
        <translation>ella no lo ve.</translation>
    </message>
    <message>
        <source>she sees it only as what a viewer tried.</source>
        <translation>ella solo lo ve como el intento de un espectador.</translation>
    </message>
    <message>
        <source>{name} has been flagged {count} times: marked as a repeat offender in People.</source>
        <translation>{name} ya tiene {count} avisos: en Personas lleva ahora la marca ⚠ de quien reincide.</translation>
    </message>
    <message>
        <source>session {session} ended</source>
        <translation>sesión {session} terminada</translation>
    </message>
    <message>
        <source>she is turning the stream into memories before closing</source>
        <translation>está convirtiendo el directo en recuerdos antes de cerrar</translation>
    </message>
    <message>
        <source>she dreamt session {session}: {kept} new memories from {lines} lines</source>
        <translation>soñó la sesión {session}: {kept} recuerdos nuevos de {lines} líneas</translation>
    </message>
    <message>
        <source>she remembered session {session}: {kept} new memories from {lines} lines</source>
        <translation>recordó la sesión {session}: {kept} recuerdos nuevos de {lines} líneas</translation>
    </message>
    <message>
        <source>a recap arrived for a window that was cleared meanwhile; it was dropped</source>
        <translation>llegó un resumen para una ventana que se vació mientras tanto: se ha descartado</translation>
    </message>
    <message>
        <source>handoff: {lines} older lines became a recap; the window is now {tokens} tokens</source>
        <translation>relevo: {lines} líneas antiguas se han convertido en un resumen; la ventana ocupa ahora {tokens} tokens</translation>
    </message>
    <message>
        <source>re-embedding memories with {model}: {done} of {total}</source>
        <translation>recalculando los recuerdos con {model}: {done} de {total}</translation>
    </message>
    <message>
        <source>Ollama is running on this computer with {models}: set ollama:{first} in Settings → Mind for a far better co-host than the demo model.</source>
        <translation>Ollama está en marcha en este equipo con {models}: pon ollama:{first} en Ajustes → Mente y tendrás una copresentadora mucho mejor que el modelo de demostración.</translation>
    </message>
    <message>
        <source>privacy mode no longer stops any of her models</source>
        <translation>el modo privacidad ya no detiene ninguno de sus modelos</translation>
    </message>
    <message>
        <source>her mind sleeps: no model is set (Settings → Mind)</source>
        <translation>su mente duerme: no hay ningún modelo configurado (Ajustes → Mente)</translation>
    </message>
    <message>
        <source>her mind is awake on {models}</source>
        <translation>su mente está despierta con {models}</translation>
    </message>
    <message>
        <source>a profile was written for someone in chat</source>
        <translation>se ha escrito un perfil para alguien del chat</translation>
    </message>
    <message>
        <source>memory ready ({embedder}, {count} re-embedded)</source>
        <translation>memoria lista ({embedder}, {count} recalculados)</translation>
    </message>
    <message>
        <source>memory ready ({embedder})</source>
        <translation>memoria lista ({embedder})</translation>
    </message>
    <message>
        <source>the window was cleared: she starts fresh</source>
        <translation>la ventana se ha vaciado: empieza de cero</translation>
    </message>
    <message>
        <source>mind paused</source>
        <translation>mente en pausa</translation>
    </message>
    <message>
        <source>mind resumed</source>
        <translation>mente reanudada</translation>
    </message>
    <message>
        <source>voice muted</source>
        <translation>voz silenciada</translation>
    </message>
    <message>
        <source>voice unmuted</source>
        <translation>voz reactivada</translation>
    </message>
    <message>
        <source>{title}: connected as {me}</source>
        <translation>{title}: conectada como {me}</translation>
    </message>
    <message>
        <source>a moderator banned {name} on Discord: {taken} waiting line(s) taken back</source>
        <translation>un moderador ha baneado a {name} en Discord: líneas en espera retiradas: {taken}</translation>
    </message>
    <message>
        <source>a moderator deleted a Discord message before she read it</source>
        <translation>un moderador ha borrado un mensaje de Discord antes de que ella lo leyera</translation>
    </message>
    <message>
        <source>a moderator deleted a Discord message</source>
        <translation>un moderador ha borrado un mensaje de Discord</translation>
    </message>
    <message>
        <source>Discord: she joined the voice call {place} (her voice is off: the call hears nothing until the Voice skill is on)</source>
        <translation>Discord: ha entrado en la llamada de voz {place} (su voz está apagada: la llamada no oye nada hasta que actives la habilidad Voz)</translation>
    </message>
    <message>
        <source>Discord: she joined the voice call {place}, deafened (she hears nobody in it: her ears are off or not allowed there)</source>
        <translation>Discord: ha entrado en la llamada de voz {place} sin audio de entrada (no oye a nadie: sus oídos están apagados o no se permiten allí)</translation>
    </message>
    <message>
        <source>Discord: she joined the voice call {place}</source>
        <translation>Discord: ha entrado en la llamada de voz {place}</translation>
    </message>
    <message>
        <source>Discord: she left the voice call</source>
        <translation>Discord: ha salido de la llamada de voz</translation>
    </message>
    <message>
        <source>Discord: she hears the call again</source>
        <translation>Discord: vuelve a oír la llamada</translation>
    </message>
    <message>
        <source>{donor} donated {amount} {currency} on {where}</source>
        <translation>{donor} ha donado {amount} {currency} en {where}</translation>
    </message>
    <message>
        <source>{donor} donated {amount} {currency} through a donation link</source>
        <translation>{donor} ha donado {amount} {currency} con un enlace de donaciones</translation>
    </message>
    <message>
        <source>Streamlabs: connected, tips arrive as they happen</source>
        <translation>Streamlabs: conectado, las donaciones llegan al momento</translation>
    </message>
    <message>
        <source>OBS scene: {scene}</source>
        <translation>Escena de OBS: {scene}</translation>
    </message>
    <message>
        <source>The stream is live in OBS: a session opens.</source>
        <translation>El directo ha empezado en OBS: se abre una sesión.</translation>
    </message>
    <message>
        <source>The stream ended in OBS: the session closes.</source>
        <translation>El directo ha terminado en OBS: la sesión se cierra.</translation>
    </message>
    <message>
        <source>{title}: reading as {me}</source>
        <translation>{title}: leyendo como {me}</translation>
    </message>
    <message>
        <source>Twitch chat: in #{channel} as {nick}</source>
        <translation>Chat de Twitch: en #{channel} como {nick}</translation>
    </message>
    <message>
        <source>Twitch chat: in #{channel} read-only (anonymous)</source>
        <translation>Chat de Twitch: en #{channel} solo lectura (anónima)</translation>
    </message>
    <message>
        <source>Twitch chat: Twitch asked for a reconnect: joining again before leaving the old connection</source>
        <translation>Chat de Twitch: Twitch ha pedido reconectar, así que vuelve a entrar antes de cerrar la conexión antigua</translation>
    </message>
    <message>
        <source>Twitch chat: connecting again in {delay} s</source>
        <translation>Chat de Twitch: vuelve a conectarse en {delay} s</translation>
    </message>
    <message>
        <source>{name} cheered {bits} bits</source>
        <translation>{name} ha hecho un cheer de {bits} bits</translation>
    </message>
    <message>
        <source>{name} cheered {bits} bit</source>
        <translation>{name} ha hecho un cheer de {bits} bit</translation>
    </message>
    <message>
        <source>Twitch says: {twitch}</source>
        <translation>Twitch dice: {twitch}</translation>
    </message>
    <message>
        <source>a moderator cleared the chat of #{channel}: {taken} waiting line(s) taken back</source>
        <translation>un moderador ha vaciado el chat de #{channel}: líneas en espera retiradas: {taken}</translation>
    </message>
    <message>
        <source>a moderator timed out {name}: {taken} waiting line(s) taken back, their lines flagged</source>
        <translation>un moderador ha expulsado temporalmente a {name}: líneas en espera retiradas: {taken}, sus líneas marcadas</translation>
    </message>
    <message>
        <source>a moderator banned {name}: {taken} waiting line(s) taken back, their lines flagged</source>
        <translation>un moderador ha baneado a {name}: líneas en espera retiradas: {taken}, sus líneas marcadas</translation>
    </message>
    <message>
        <source>a moderator deleted a message in #{channel} before she read it</source>
        <translation>un moderador ha borrado un mensaje en #{channel} antes de que ella lo leyera</translation>
    </message>
    <message>
        <source>a moderator deleted a message in #{channel}</source>
        <translation>un moderador ha borrado un mensaje en #{channel}</translation>
    </message>
    <message>
        <source>{donor} sent a Super Chat of {amount} {currency}</source>
        <translation>{donor} ha enviado un Super Chat de {amount} {currency}</translation>
    </message>
    <message>
        <source>{donor} sent a Super Sticker of {amount} {currency}</source>
        <translation>{donor} ha enviado un Super Sticker de {amount} {currency}</translation>
    </message>
    <message>
        <source>YouTube chat: reading</source>
        <translation>chat de YouTube: lo está leyendo</translation>
    </message>
    <message>
        <source>a moderator deleted a YouTube message before she read it</source>
        <translation>un moderador ha borrado un mensaje de YouTube antes de que ella lo leyera</translation>
    </message>
    <message>
        <source>a moderator deleted a YouTube message</source>
        <translation>un moderador ha borrado un mensaje de YouTube</translation>
    </message>
    <message>
        <source>a moderator timed out {name} on YouTube: {taken} waiting line(s) taken back</source>
        <translation>un moderador ha expulsado temporalmente a {name} en YouTube: líneas en espera retiradas: {taken}</translation>
    </message>
    <message>
        <source>a moderator banned {name} on YouTube: {taken} waiting line(s) taken back</source>
        <translation>un moderador ha baneado a {name} en YouTube: líneas en espera retiradas: {taken}</translation>
    </message>
    <message>
        <source>live: session {session} is open</source>
        <translation>en directo: la sesión {session} está abierta</translation>
    </message>
</context>
<context>
    <name>chat_dock</name>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>{name} (out loud)</source>
        <translation>{name} (en voz alta)</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Mind</source>
        <translation>Mente</translation>
    </message>
    <message>
        <source>Privacy</source>
        <translation>Privacidad</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>Interfaz</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>API local</translation>
    </message>
    <message>
        <source> ({count} turns in a row)</source>
        <translation> ({count} turnos seguidos)</translation>
    </message>
    <message>
        <source>(cut)</source>
        <translation>(interrumpida)</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Hide this line; it comes back if it happens again.</source>
        <translation>Oculta esta línea; vuelve si ocurre otra vez.</translation>
    </message>
    <message>
        <source>Open Settings → {title}</source>
        <translation>Abrir Ajustes → {title}</translation>
    </message>
    <message>
        <source>Open Settings</source>
        <translation>Abrir los ajustes</translation>
    </message>
    <message>
        <source>She is thinking…</source>
        <translation>Está pensando…</translation>
    </message>
    <message>
        <source>Say something to her…</source>
        <translation>Dile algo…</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
</context>
<context>
    <name>clock_dock</name>
    <message>
        <source>The Clock skill is off (Settings → Skills).</source>
        <translation>La habilidad Reloj está apagada (Ajustes → Habilidades).</translation>
    </message>
    <message>
        <source>local time</source>
        <translation>hora local</translation>
    </message>
</context>
<context>
    <name>clock_settings</name>
    <message>
        <source>this computer's zone</source>
        <translation>la zona horaria de este equipo</translation>
    </message>
</context>
<context>
    <name>context_dock</name>
    <message>
        <source>Her model reads {model_context} tokens at most, so her window keeps to half of that: {ceiling} (the rest holds her briefing and her answer).</source>
        <translation>Su modelo lee como mucho {model_context} tokens, así que su ventana se queda en la mitad: {ceiling} (el resto es para su briefing y su respuesta).</translation>
    </message>
    <message>
        <source>Her window holds up to {ceiling} tokens (Settings → Mind → Advanced).</source>
        <translation>Su ventana admite hasta {ceiling} tokens (Ajustes → Mente → Avanzado).</translation>
    </message>
    <message>
        <source>No handoff yet: the recap of older talk will show here.</source>
        <translation>Aún no ha habido ningún relevo: aquí aparecerá el resumen de lo que se habló antes.</translation>
    </message>
    <message>
        <source>Forget the window…</source>
        <translation>Olvidar la ventana…</translation>
    </message>
    <message>
        <source>Last recap</source>
        <translation>Último resumen</translation>
    </message>
    <message>
        <source>{used} of {ceiling} tokens</source>
        <translation>{used} de {ceiling} tokens</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <source>writing a recap now</source>
        <translation>está escribiendo un resumen</translation>
    </message>
    <message>
        <source>last handoff: {last}</source>
        <translation>último relevo: {last}</translation>
    </message>
    <message>
        <source> · {failures} failed</source>
        <translation> · {failures} fallidos</translation>
    </message>
    <message>
        <source>Recap starts at {trigger} · keeps {hot} word for word · hot now {hot_now} · evicted by the ceiling {evicted_tokens}
{state} · counting with {counter_name}</source>
        <translation>Resumen a partir de {trigger} · guarda {hot} palabra por palabra · recientes ahora {hot_now} · descartados por el tope {evicted_tokens}
{state} · recuento con {counter_name}</translation>
    </message>
    <message>
        <source>Forget the window?</source>
        <translation>¿Olvidar la ventana?</translation>
    </message>
    <message>
        <source>She will forget this conversation and its recap (her memories and the people she knows stay). This cannot be undone.</source>
        <translation>Olvidará esta conversación y su resumen (sus recuerdos y las personas que conoce se quedan). No se puede deshacer.</translation>
    </message>
</context>
<context>
    <name>discord_dock</name>
    <message>
        <source>Not in a voice call.</source>
        <translation>No está en ninguna llamada de voz.</translation>
    </message>
    <message>
        <source> Her voice is off (Voice skill): the call hears nothing.</source>
        <translation> Su voz está apagada (habilidad Voz): la llamada no oye nada.</translation>
    </message>
    <message>
        <source>In the voice call {place}: {sent:.0f} s of her voice sent.</source>
        <translation>En la llamada de voz {place}: {sent:.0f} s de su voz enviados.</translation>
    </message>
    <message>
        <source>voice channel id</source>
        <translation>ID del canal de voz</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>Entrar</translation>
    </message>
    <message>
        <source>Leave</source>
        <translation>Salir</translation>
    </message>
</context>
<context>
    <name>dock_words</name>
    <message>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <source>today {clock}</source>
        <translation>hoy {clock}</translation>
    </message>
    <message>
        <source>yesterday {clock}</source>
        <translation>ayer {clock}</translation>
    </message>
    <message>
        <source>tomorrow {clock}</source>
        <translation>mañana {clock}</translation>
    </message>
    <message>
        <source>just now</source>
        <translation>ahora mismo</translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>hace %n h</numerusform>
            <numerusform>hace %n h</numerusform>
        </translation>
    </message>
    <message>
        <source>yesterday</source>
        <translation>ayer</translation>
    </message>
    <message numerus="yes">
        <source>%n days ago</source>
        <translation>
            <numerusform>hace %n día</numerusform>
            <numerusform>hace %n días</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>donations_settings</name>
    <message>
        <source>In Ko-fi: More → API → Webhooks, paste the address; paste the secret as the verification token.</source>
        <translation>En Ko-fi: More → API → Webhooks, pega la dirección; pega el secreto como verification token.</translation>
    </message>
    <message>
        <source>POST {"id", "name", "amount": "5.00", "currency": "EUR", "message", "secret"} as JSON.</source>
        <translation>POST {"id", "name", "amount": "5.00", "currency": "EUR", "message", "secret"} como JSON.</translation>
    </message>
    <message>
        <source>Ko-fi needs a public address. It sends each tip from its own servers on the internet, and those cannot reach 127.0.0.1: that address means "this computer" to whoever uses it, so the address above works only for senders on this computer.</source>
        <translation>Ko-fi necesita una dirección pública. Envía cada donación desde sus propios servidores en internet, y esos no pueden llegar a 127.0.0.1: esa dirección significa "este equipo" para quien la usa, así que la dirección de arriba solo funciona para quien envía desde este equipo.</translation>
    </message>
    <message>
        <source>Streamers usually get a public address with a tunnel running on this computer that forwards to the address above, such as Cloudflare Tunnel (cloudflared) or ngrok, or with a reverse proxy on a server they already have; then they paste the public address, ending in {path}, into Ko-fi.</source>
        <translation>Normalmente los streamers consiguen una dirección pública con un túnel que se ejecuta en este equipo y reenvía a la dirección de arriba, como Cloudflare Tunnel (cloudflared) o ngrok, o con un proxy inverso en un servidor que ya tienen; luego pegan en Ko-fi la dirección pública, que termina en {path}.</translation>
    </message>
    <message>
        <source>Keep Bea's API on a fixed port (Settings → Local API) so the tunnel keeps working; everything else the API serves still needs a device token.</source>
        <translation>Deja la API de Bea en un puerto fijo (Ajustes → API local) para que el túnel siga funcionando; todo lo demás que sirve la API sigue pidiendo el token de un dispositivo.</translation>
    </message>
    <message>
        <source>No public address? Streamlabs needs none: Bea connects out to Streamlabs and its tips arrive as they happen. Switch on "Streamlabs tips" and paste the Streamlabs token below.</source>
        <translation>¿No tienes dirección pública? Streamlabs no la necesita: Bea se conecta ella misma a Streamlabs y las donaciones llegan al momento. Activa "Donaciones de Streamlabs" y pega abajo el token de Streamlabs.</translation>
    </message>
    <message>
        <source>paste your Socket API token (Streamlabs → Settings → API Settings)</source>
        <translation>pega tu Socket API token (Streamlabs → Settings → API Settings)</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>Guardar token</translation>
    </message>
    <message>
        <source>Streamlabs token</source>
        <translation>Token de Streamlabs</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>{name} webhook</source>
        <translation>Webhook de {name}</translation>
    </message>
    <message>
        <source>the secret is shown here once, when it is made</source>
        <translation>el secreto aparece aquí una sola vez, cuando se crea</translation>
    </message>
    <message>
        <source>Make secret</source>
        <translation>Crear secreto</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Olvidar</translation>
    </message>
    <message>
        <source>{name} secret</source>
        <translation>Secreto de {name}</translation>
    </message>
    <message>
        <source>nowhere (this build keeps no secrets)</source>
        <translation>en ningún sitio (esta versión no guarda secretos)</translation>
    </message>
    <message>
        <source>Replace secret</source>
        <translation>Sustituir el secreto</translation>
    </message>
    <message>
        <source>A secret is kept in {where}; replacing it stops the old one at once.</source>
        <translation>Hay un secreto guardado {where}; si lo sustituyes, el antiguo deja de valer al instante.</translation>
    </message>
    <message>
        <source>No secret: every delivery to this address is refused.</source>
        <translation>No hay secreto: se rechaza todo envío a esta dirección.</translation>
    </message>
    <message>
        <source>A token is kept in {where}.</source>
        <translation>Hay un token guardado {where}.</translation>
    </message>
    <message>
        <source>No token is kept.</source>
        <translation>No hay ningún token guardado.</translation>
    </message>
    <message>
        <source>The link is off (switch on "Streamlabs tips" above).</source>
        <translation>La conexión está apagada (activa "Donaciones de Streamlabs" arriba).</translation>
    </message>
    <message>
        <source>Connected: tips arrive as they happen.</source>
        <translation>Conectado: las donaciones llegan al momento.</translation>
    </message>
    <message>
        <source>The link is {state}</source>
        <translation>La conexión está {state}</translation>
    </message>
</context>
<context>
    <name>events_dock</name>
    <message>
        <source>Perception</source>
        <translation>Percepciones</translation>
    </message>
    <message>
        <source>Thought</source>
        <translation>Pensamientos</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Herramientas</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Errores</translation>
    </message>
    <message>
        <source>Speech</source>
        <translation>Habla</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Turnos</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Ajustes</translation>
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
        <translation>contexto</translation>
    </message>
    <message>
        <source>mood</source>
        <translation>ánimo</translation>
    </message>
    <message>
        <source>triage</source>
        <translation>filtro del chat</translation>
    </message>
    <message>
        <source>on air</source>
        <translation>en antena</translation>
    </message>
    <message>
        <source>voice</source>
        <translation>voz</translation>
    </message>
    <message>
        <source>stage</source>
        <translation>escenario</translation>
    </message>
    <message>
        <source>donations</source>
        <translation>donaciones</translation>
    </message>
    <message>
        <source>network</source>
        <translation>red</translation>
    </message>
    <message>
        <source>privacy</source>
        <translation>privacidad</translation>
    </message>
    <message>
        <source>settings</source>
        <translation>ajustes</translation>
    </message>
    <message>
        <source>stream</source>
        <translation>directo</translation>
    </message>
    <message>
        <source>runtime</source>
        <translation>sistema</translation>
    </message>
    <message>
        <source>person</source>
        <translation>tú</translation>
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
        <translation>Exportar la sesión {session_id}</translation>
    </message>
    <message>
        <source>There is no session to export yet: nothing has been said on stream.</source>
        <translation>Todavía no hay ninguna sesión que exportar: no se ha dicho nada en directo.</translation>
    </message>
    <message numerus="yes">
        <source>Session {sid} exported: %Ln lines in {path}</source>
        <translation>
            <numerusform>Sesión {sid} exportada: %Ln línea en {path}</numerusform>
            <numerusform>Sesión {sid} exportada: %Ln líneas en {path}</numerusform>
        </translation>
    </message>
    <message>
        <source>Session {sid} could not be exported to {path}: {reason}</source>
        <translation>No he podido exportar la sesión {sid} a {path}: {reason}</translation>
    </message>
</context>
<context>
    <name>forms</name>
    <message>
        <source>▸ Advanced</source>
        <translation>▸ Avanzado</translation>
    </message>
    <message>
        <source>▾ Advanced</source>
        <translation>▾ Avanzado</translation>
    </message>
    <message>
        <source>Settings you seldom need to change</source>
        <translation>Ajustes que rara vez tendrás que cambiar</translation>
    </message>
    <message>
        <source>comma-separated</source>
        <translation>separados por comas</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Olvidar</translation>
    </message>
</context>
<context>
    <name>getting_started</name>
    <message>
        <source>Until then she runs on the demo: it forgets what was said a few lines ago, mixes up languages and cannot use her tools.</source>
        <translation>Hasta entonces funciona con la demo: olvida lo que se dijo unas líneas antes, mezcla idiomas y no sabe usar sus herramientas.</translation>
    </message>
    <message>
        <source>No audio device: see the problems list above her stage.</source>
        <translation>No hay dispositivo de audio: mira la lista de problemas encima de su escenario.</translation>
    </message>
    <message>
        <source>Her voice or her ears did not start: see the problems list above her stage.</source>
        <translation>Su voz o sus oídos no han arrancado: mira la lista de problemas encima de su escenario.</translation>
    </message>
    <message>
        <source>Not connected: see the problems list above her stage.</source>
        <translation>No conectada: mira la lista de problemas encima de su escenario.</translation>
    </message>
    <message>
        <source>OBS refused her: see the problems list above her stage.</source>
        <translation>OBS la ha rechazado: mira la lista de problemas encima de su escenario.</translation>
    </message>
    <message>
        <source>{skill} is switched off: turn it on in Settings → Skills.</source>
        <translation>{skill} está apagada: actívala en Ajustes → Habilidades.</translation>
    </message>
    <message>
        <source>Give her a real mind</source>
        <translation>Dale una mente de verdad</translation>
    </message>
    <message>
        <source>She thinks with {model}.</source>
        <translation>Piensa con {model}.</translation>
    </message>
    <message>
        <source>Privacy mode stops {model}: it is not on this computer. Until it is, she thinks with the tiny built-in demo model.</source>
        <translation>El modo privacidad bloquea {model}: no está en este ordenador. Mientras no lo esté, piensa con el pequeño modelo de demostración integrado.</translation>
    </message>
    <message>
        <source>She thinks with the tiny built-in demo model (expect odd answers). Give her a real mind: a model server on this computer, a model to download, or a cloud model.</source>
        <translation>Piensa con el pequeño modelo de demostración integrado (espera respuestas raras). Dale una mente de verdad: un servidor de modelos en este equipo, un modelo para descargar o un modelo en la nube.</translation>
    </message>
    <message>
        <source>Her voice and her ears</source>
        <translation>Su voz y sus oídos</translation>
    </message>
    <message>
        <source>Her voice is still loading.</source>
        <translation>Su voz todavía se está cargando.</translation>
    </message>
    <message>
        <source>She speaks aloud and hears your microphone.</source>
        <translation>Habla en voz alta y oye tu micrófono.</translation>
    </message>
    <message>
        <source>Give her a body</source>
        <translation>Dale un cuerpo</translation>
    </message>
    <message>
        <source>Her stage cannot show her: see what it says in its place.</source>
        <translation>Su escenario no puede mostrarla: mira lo que dice en su lugar.</translation>
    </message>
    <message>
        <source>Choose a .vrm avatar in the Stage dock (VRoid Studio makes one for free).</source>
        <translation>Elige un avatar .vrm en el panel Escenario (VRoid Studio te hace uno gratis).</translation>
    </message>
    <message>
        <source>Her avatar is still loading on the stage.</source>
        <translation>Su avatar todavía se está cargando en el escenario.</translation>
    </message>
    <message>
        <source>She wears {file}.</source>
        <translation>Lleva {file}.</translation>
    </message>
    <message>
        <source>She wears the default avatar; choose your own .vrm in the Stage dock (VRoid Studio makes one for free).</source>
        <translation>Lleva el avatar predeterminado; elige tu propio .vrm en el panel Escenario (VRoid Studio te hace uno gratis).</translation>
    </message>
    <message>
        <source>Your chat</source>
        <translation>Tu chat</translation>
    </message>
    <message>
        <source>She reads {channel} on Twitch and your YouTube live chat.</source>
        <translation>Lee {channel} en Twitch y el chat de tu directo en YouTube.</translation>
    </message>
    <message>
        <source>She reads {channel} on Twitch.</source>
        <translation>Lee {channel} en Twitch.</translation>
    </message>
    <message>
        <source>She reads your YouTube live chat.</source>
        <translation>Lee el chat de tu directo en YouTube.</translation>
    </message>
    <message>
        <source>Name your Twitch channel in Settings → Twitch (reading needs no account), or your YouTube live stream in Settings → YouTube.</source>
        <translation>Indica tu canal de Twitch en Ajustes → Twitch (para leer no hace falta cuenta), o tu directo de YouTube en Ajustes → YouTube.</translation>
    </message>
    <message>
        <source>Connected to OBS.</source>
        <translation>Conectada a OBS.</translation>
    </message>
    <message>
        <source>Connecting to OBS…</source>
        <translation>Conectándose a OBS…</translation>
    </message>
    <message>
        <source>Turn on OBS's WebSocket server (Tools → WebSocket Server Settings) and put its password in Settings → OBS.</source>
        <translation>Activa el servidor WebSocket de OBS (Herramientas → Configuración del servidor WebSocket) y pon su contraseña en Ajustes → OBS.</translation>
    </message>
    <message>
        <source>Tell her about you</source>
        <translation>Háblale de ti</translation>
    </message>
    <message>
        <source>She knows 1 thing about you.</source>
        <translation>Sabe 1 cosa de ti.</translation>
    </message>
    <message>
        <source>She knows {count} things about you.</source>
        <translation>Sabe {count} cosas de ti.</translation>
    </message>
    <message>
        <source>Start "Getting to Know You" in the You dock, or add what you like her to know there.</source>
        <translation>Empieza "Conozcámonos" en el panel Tú, o añade allí lo que quieras que sepa.</translation>
    </message>
</context>
<context>
    <name>getting_started_dock</name>
    <message>
        <source>The stage is not running yet.</source>
        <translation>El escenario todavía no ha arrancado.</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>Abrir…</translation>
    </message>
    <message>
        <source> &lt;i&gt;(optional)&lt;/i&gt;</source>
        <translation> &lt;i&gt;(opcional)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Everything she needs is set up.</source>
        <translation>Tiene todo lo que necesita.</translation>
    </message>
    <message>
        <source>1 step before she is really there:</source>
        <translation>Falta 1 paso para que esté lista de verdad:</translation>
    </message>
    <message>
        <source>{left} steps before she is really there:</source>
        <translation>Faltan {left} pasos para que esté lista de verdad:</translation>
    </message>
</context>
<context>
    <name>idle</name>
    <message>
        <source>Idle life stays off the air with the built-in demo model: that model would say out loud whatever she thinks to herself. Give her a real mind (Get started, or Settings → Mind) and she will think to herself when the stream goes quiet.</source>
        <translation>Con el modelo de demostración integrado, la vida en reposo se queda fuera de antena: ese modelo diría en voz alta todo lo que piensa para sí. Dale una mente de verdad (Primeros pasos, o Ajustes → Mente) y pensará para sí cuando el directo esté tranquilo.</translation>
    </message>
</context>
<context>
    <name>interview</name>
    <message>
        <source>Stopped ({why}). Your lines go to Bea again.</source>
        <translation>Terminado ({why}). Lo que escribes vuelve a llegarle a Bea.</translation>
    </message>
    <message>
        <source>Stopped: it couldn't get an answer from the model (detail: {detail}). Your lines go to Bea again.</source>
        <translation>Terminado: no llegó ninguna respuesta del modelo (detalle: {detail}). Lo que escribes vuelve a llegarle a Bea.</translation>
    </message>
    <message>
        <source>I couldn't keep that (detail: {detail}).</source>
        <translation>No he podido guardarlo (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Getting to Know You</source>
        <translation>Conozcámonos</translation>
    </message>
    <message>
        <source>That's all my questions. Thank you! Bea will remember what you told me.</source>
        <translation>Ya no tengo más preguntas. ¡Gracias! Bea recordará lo que me has contado.</translation>
    </message>
    <message>
        <source>Hi! I'll ask you a few questions so Bea knows you better (type “stop” to end).</source>
        <translation>¡Hola! Te haré unas preguntas para que Bea te conozca mejor (escribe “basta” para terminar).</translation>
    </message>
    <message>
        <source>Stopped (you asked to stop). Your lines go to Bea again.</source>
        <translation>Terminado (pediste parar). Lo que escribes vuelve a llegarle a Bea.</translation>
    </message>
    <message>
        <source>Stopped (stopped from the You dock). Your lines go to Bea again.</source>
        <translation>Terminado (detenido desde el panel Tú). Lo que escribes vuelve a llegarle a Bea.</translation>
    </message>
    <message>
        <source>Hi! The built-in demo model can't run an interview, so I'll ask a few fixed questions and keep your answers word for word (type “stop” to end).</source>
        <translation>¡Hola! El modelo de demostración integrado no puede hacer una entrevista, así que te haré unas preguntas fijas y guardaré tus respuestas palabra por palabra (escribe “basta” para terminar).</translation>
    </message>
    <message>
        <source>Who are you? Your name, where you live, what you do.</source>
        <translation>¿Quién eres? Cómo te llamas, dónde vives, a qué te dedicas.</translation>
    </message>
    <message>
        <source>What does a usual day, or a usual stream week, look like for you?</source>
        <translation>¿Cómo es un día normal para ti, o una semana normal de directos?</translation>
    </message>
    <message>
        <source>Who are the people who matter to you, on stream or off?</source>
        <translation>¿Quiénes son las personas que te importan, en directo y fuera?</translation>
    </message>
    <message>
        <source>Have you promised your community anything, or is something planned soon?</source>
        <translation>¿Le has prometido algo a tu comunidad, o hay algo planeado para pronto?</translation>
    </message>
    <message>
        <source>What do you like (games, music, food), and what should Bea stay away from?</source>
        <translation>¿Qué te gusta (juegos, música, comida), y de qué debería mantenerse alejada Bea?</translation>
    </message>
</context>
<context>
    <name>launch</name>
    <message>
        <source>{name} is still running</source>
        <translation>{name} sigue en marcha</translation>
    </message>
    <message>
        <source>She keeps going in the tray. To quit, choose Quit in the tray icon's menu.</source>
        <translation>Sigue funcionando en la bandeja del sistema. Para salir, elige Salir en el menú de su icono.</translation>
    </message>
    <message>
        <source>Quit {app_name}?</source>
        <translation>¿Salir de {app_name}?</translation>
    </message>
    <message>
        <source>You are live. End the stream session as you quit?</source>
        <translation>Estás en directo. ¿Terminas también la sesión del directo al salir?</translation>
    </message>
    <message>
        <source>If you don't end it, the session stays open and goes on when you start her again.</source>
        <translation>Si no la terminas, la sesión sigue abierta y continúa cuando la vuelvas a iniciar.</translation>
    </message>
    <message>
        <source>End stream and quit</source>
        <translation>Terminar el directo y salir</translation>
    </message>
    <message>
        <source>Quit without ending</source>
        <translation>Salir sin terminar</translation>
    </message>
    <message>
        <source>{app_name} cannot open its memory</source>
        <translation>{app_name} no puede abrir su memoria</translation>
    </message>
</context>
<context>
    <name>main_window</name>
    <message>
        <source>Activity</source>
        <translation>Actividad</translation>
    </message>
    <message>
        <source>Turn Log</source>
        <translation>Registro de turnos</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
    <message>
        <source>Mood</source>
        <translation>Ánimo</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>Get started</source>
        <translation>Primeros pasos</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <source>Activity, Turn Log, Context and the app's state: what she perceived, thought and did, turn by turn.</source>
        <translation>Actividad, Registro de turnos, Contexto y el estado de la app: lo que percibió, pensó e hizo, turno a turno.</translation>
    </message>
    <message>
        <source>Memory open: schema {version}, encrypted</source>
        <translation>Memoria abierta: esquema {version}, cifrada</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>Export session…</source>
        <translation>Exportar sesión…</translation>
    </message>
    <message>
        <source>Open data folder</source>
        <translation>Abrir la carpeta de datos</translation>
    </message>
    <message>
        <source>Open log file</source>
        <translation>Abrir el archivo de registro</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>Reset layout</source>
        <translation>Restablecer disposición</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>A&amp;justes</translation>
    </message>
    <message>
        <source>Preferences…</source>
        <translation>Preferencias…</translation>
    </message>
    <message>
        <source>Models…</source>
        <translation>Modelos…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <source>Prompt changes…</source>
        <translation>Cambios en los prompts…</translation>
    </message>
    <message>
        <source>About {app_name}</source>
        <translation>Acerca de {app_name}</translation>
    </message>
    <message>
        <source>Could not open {path}</source>
        <translation>No se puede abrir {path}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{app_name} {version}&lt;/b&gt;&lt;p&gt;An AI co-host for live streams that lives on your own machine: her memory is one encrypted file in your data folder.&lt;/p&gt;&lt;p&gt;Data folder: {root}&lt;/p&gt;</source>
        <translation>&lt;b&gt;{app_name} {version}&lt;/b&gt;&lt;p&gt;Una copresentadora con IA para directos que vive en tu propio equipo: su memoria es un único archivo cifrado en tu carpeta de datos.&lt;/p&gt;&lt;p&gt;Carpeta de datos: {root}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{app_name} — privacy mode (local network)</source>
        <translation>{app_name} — modo privado (red local)</translation>
    </message>
    <message>
        <source>{app_name} — privacy mode</source>
        <translation>{app_name} — modo privado</translation>
    </message>
</context>
<context>
    <name>memory_dock</name>
    <message>
        <source>Everything</source>
        <translation>Todo</translation>
    </message>
    <message>
        <source>What people said</source>
        <translation>Lo que dijo la gente</translation>
    </message>
    <message>
        <source>What she said herself</source>
        <translation>Lo que dijo ella</translation>
    </message>
    <message>
        <source>you</source>
        <translation>ti</translation>
    </message>
    <message>
        <source>a viewer</source>
        <translation>un espectador</translation>
    </message>
    <message>
        <source> (live)</source>
        <translation> (en directo)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln memories</source>
        <translation>
            <numerusform>%Ln recuerdo</numerusform>
            <numerusform>%Ln recuerdos</numerusform>
        </translation>
    </message>
    <message>
        <source>She is turning this stream's lines into memories…</source>
        <translation>Está convirtiendo las líneas de este directo en recuerdos…</translation>
    </message>
    <message>
        <source>She will remember this stream's lines when the stream ends, after {minutes} quiet minutes, or tonight.</source>
        <translation>Recordará las líneas de este directo cuando termine, tras {minutes} minutos de silencio, o esta noche.</translation>
    </message>
    <message>
        <source>She will remember this stream's lines when the stream ends, or tonight.</source>
        <translation>Recordará las líneas de este directo cuando termine, o esta noche.</translation>
    </message>
    <message>
        <source>Remembered 1 thing from this stream.</source>
        <translation>Ha recordado 1 cosa de este directo.</translation>
    </message>
    <message>
        <source>Remembered {n} things from this stream.</source>
        <translation>Ha recordado {n} cosas de este directo.</translation>
    </message>
    <message>
        <source>Nothing from this stream to remember yet.</source>
        <translation>Todavía no hay nada que recordar de este directo.</translation>
    </message>
    <message>
        <source>Search memories (every word must match)…</source>
        <translation>Buscar en los recuerdos (deben estar todas las palabras)…</translation>
    </message>
    <message>
        <source>Forget this memory</source>
        <translation>Olvidar este recuerdo</translation>
    </message>
    <message>
        <source>Forget all in this scope…</source>
        <translation>Olvidar todo en este ámbito…</translation>
    </message>
    <message>
        <source>All sessions</source>
        <translation>Todas las sesiones</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>Todos</translation>
    </message>
    <message>
        <source>the newest {count} shown: search to narrow</source>
        <translation>se muestran los {count} más recientes: busca para acotar</translation>
    </message>
    <message>
        <source>she said</source>
        <translation>dijo ella</translation>
    </message>
    <message>
        <source>someone</source>
        <translation>alguien</translation>
    </message>
    <message>
        <source>people said · {author}</source>
        <translation>dijo la gente · {author}</translation>
    </message>
    <message>
        <source>{who} · {when} · scope “{scope}”</source>
        <translation>{who} · {when} · ámbito “{scope}”</translation>
    </message>
    <message>
        <source>something she said herself</source>
        <translation>algo que dijo ella</translation>
    </message>
    <message>
        <source>something people said</source>
        <translation>algo que dijo la gente</translation>
    </message>
    <message>
        <source>Forget this memory?</source>
        <translation>¿Olvidar este recuerdo?</translation>
    </message>
    <message>
        <source>Forget 1 memory, {kind}:

{memory}

She will not recall it again. This cannot be undone.</source>
        <translation>¿Olvidar 1 recuerdo, {kind}?

{memory}

No volverá a recordarlo. No se puede deshacer.</translation>
    </message>
    <message numerus="yes">
        <source>Forget at least %Ln memories in the scope “{scope}”, both what people said and what she said herself?</source>
        <translation>
            <numerusform>¿Olvidar al menos %Ln recuerdo del ámbito “{scope}”, tanto lo que dijo la gente como lo que dijo ella?</numerusform>
            <numerusform>¿Olvidar al menos %Ln recuerdos del ámbito “{scope}”, tanto lo que dijo la gente como lo que dijo ella?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Forget all %Ln memories in the scope “{scope}”, both what people said and what she said herself?</source>
        <translation>
            <numerusform>¿Olvidar el único recuerdo del ámbito “{scope}”, tanto lo que dijo la gente como lo que dijo ella?</numerusform>
            <numerusform>¿Olvidar los %Ln recuerdos del ámbito “{scope}”, tanto lo que dijo la gente como lo que dijo ella?</numerusform>
        </translation>
    </message>
    <message>
        <source>Other scopes stay. This cannot be undone.</source>
        <translation>Los demás ámbitos se quedan. No se puede deshacer.</translation>
    </message>
    <message>
        <source>Forget this whole scope?</source>
        <translation>¿Olvidar todo este ámbito?</translation>
    </message>
    <message>
        <source>Her memory is waking up (the embedding model is loading)…</source>
        <translation>Su memoria se está despertando (se está cargando el modelo de embeddings)…</translation>
    </message>
    <message>
        <source>Re-embedding memories: %v of %m</source>
        <translation>Recalculando los recuerdos: %v de %m</translation>
    </message>
</context>
<context>
    <name>memory_settings</name>
    <message>
        <source>Built-in, for her language (fused in Italian)</source>
        <translation>Integrado, según su idioma (en italiano E5 + codificador)</translation>
    </message>
    <message>
        <source>Built-in: multilingual-e5-small</source>
        <translation>Integrado: multilingual-e5-small</translation>
    </message>
    <message>
        <source>Built-in: E5 + universal sentence encoder (best across languages)</source>
        <translation>Integrado: E5 + codificador universal (el mejor entre idiomas)</translation>
    </message>
    <message>
        <source>{model} (not installed)</source>
        <translation>{model} (no instalado)</translation>
    </message>
</context>
<context>
    <name>mind_choices</name>
    <message>
        <source>1. A model server on this computer</source>
        <translation>1. Un servidor de modelos en este equipo</translation>
    </message>
    <message>
        <source>or its address: http://127.0.0.1:8080/v1</source>
        <translation>o su dirección: http://127.0.0.1:8080/v1</translation>
    </message>
    <message>
        <source>Check and use</source>
        <translation>Comprobar y usar</translation>
    </message>
    <message>
        <source>Look again</source>
        <translation>Buscar otra vez</translation>
    </message>
    <message>
        <source>2. A model to download, sized to this computer</source>
        <translation>2. Un modelo para descargar, a la medida de este equipo</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <source>3. A cloud model with an API key</source>
        <translation>3. Un modelo en la nube con una clave de API</translation>
    </message>
    <message>
        <source>Open Settings → Mind</source>
        <translation>Abrir Ajustes → Mente</translation>
    </message>
    <message>
        <source>OpenAI, Anthropic, Groq, OpenRouter or Gemini: paste the key there.</source>
        <translation>OpenAI, Anthropic, Groq, OpenRouter o Gemini: pega allí la clave.</translation>
    </message>
    <message>
        <source>Looking for Ollama, LM Studio, llama.cpp and vLLM on this computer…</source>
        <translation>Buscando Ollama, LM Studio, llama.cpp y vLLM en este equipo…</translation>
    </message>
    <message>
        <source>None is running on its usual port. Start one, or type its address.</source>
        <translation>Ninguno está en marcha en su puerto habitual. Arranca uno o escribe su dirección.</translation>
    </message>
    <message>
        <source>Running here:</source>
        <translation>En marcha aquí:</translation>
    </message>
    <message>
        <source>{server} (no model loaded)</source>
        <translation>{server} (ningún modelo cargado)</translation>
    </message>
    <message>
        <source>Use {server} · {model}</source>
        <translation>Usar {server} · {model}</translation>
    </message>
    <message>
        <source>That is not a server's address: write it as http://127.0.0.1:8080/v1.</source>
        <translation>Esa no es la dirección de un servidor: escríbela como http://127.0.0.1:8080/v1.</translation>
    </message>
    <message>
        <source>Checking {url}…</source>
        <translation>Comprobando {url}…</translation>
    </message>
    <message>
        <source>No model server answered at {url} ({detail}). Start it, or check the address.</source>
        <translation>Ningún servidor de modelos ha respondido en {url} ({detail}). Arráncalo o revisa la dirección.</translation>
    </message>
    <message>
        <source>The server at {url} answers but offers no model. Load one in it first.</source>
        <translation>El servidor en {url} responde pero no ofrece ningún modelo. Carga uno primero.</translation>
    </message>
    <message>
        <source>The server at {url} has no model called {model}; it offers {models}.</source>
        <translation>El servidor en {url} no tiene ningún modelo llamado {model}; ofrece {models}.</translation>
    </message>
    <message>
        <source>She thinks with {model} at {url} now.</source>
        <translation>Ahora piensa con {model} en {url}.</translation>
    </message>
    <message>
        <source>Not saved: {field}: {reason}</source>
        <translation>No se ha guardado: {field}: {reason}</translation>
    </message>
    <message>
        <source>Reading this computer…</source>
        <translation>Leyendo las características de este equipo…</translation>
    </message>
    <message>
        <source>no GPU llama.cpp can use</source>
        <translation>ninguna GPU que llama.cpp pueda usar</translation>
    </message>
    <message>
        <source>Apple Metal</source>
        <translation>Apple Metal</translation>
    </message>
    <message>
        <source>a GPU llama.cpp can use</source>
        <translation>una GPU que llama.cpp puede usar</translation>
    </message>
    <message>
        <source>This computer: {ram} GB of memory, {cores} cores, {gpu}.</source>
        <translation>Este equipo: {ram} GB de memoria, {cores} núcleos, {gpu}.</translation>
    </message>
    <message>
        <source>Larger models need more memory than this computer has.</source>
        <translation>Los modelos más grandes necesitan más memoria de la que tiene este equipo.</translation>
    </message>
    <message>
        <source>None of the catalog's models fits here: use a server on another computer, or a cloud model.</source>
        <translation>Ningún modelo del catálogo cabe aquí: usa un servidor en otro equipo o un modelo en la nube.</translation>
    </message>
    <message>
        <source>Use {title} (downloaded)</source>
        <translation>Usar {title} (descargado)</translation>
    </message>
    <message>
        <source>Resume {title} ({done} of {size})</source>
        <translation>Reanudar {title} ({done} de {size})</translation>
    </message>
    <message>
        <source>Download {title} ({size})</source>
        <translation>Descargar {title} ({size})</translation>
    </message>
    <message>
        <source> · recommended</source>
        <translation> · recomendado</translation>
    </message>
    <message>
        <source> · slow here</source>
        <translation> · lento aquí</translation>
    </message>
    <message>
        <source>One download at a time: pause this one first.</source>
        <translation>Una descarga cada vez: pausa primero esta.</translation>
    </message>
    <message>
        <source>Downloading {title}…</source>
        <translation>Descargando {title}…</translation>
    </message>
    <message>
        <source>{title}: paused. Download again to resume where it stopped.</source>
        <translation>{title}: en pausa. Descarga de nuevo para seguir donde se quedó.</translation>
    </message>
    <message>
        <source>{title} holds no .gguf file.</source>
        <translation>{title} no contiene ningún archivo .gguf.</translation>
    </message>
    <message>
        <source>{title} is downloaded and checked: she thinks with it now.</source>
        <translation>{title} está descargado y comprobado: ahora piensa con él.</translation>
    </message>
    <message>
        <source>%p% · {done} of {total}</source>
        <translation>%p% · {done} de {total}</translation>
    </message>
</context>
<context>
    <name>mind_notice</name>
    <message>
        <source>Her mind sleeps until a model is set in Settings → Mind; what you type waits for her.</source>
        <translation>Su mente duerme hasta que configures un modelo en Ajustes → Mente; lo que escribas la espera.</translation>
    </message>
    <message>
        <source>She is thinking with the tiny built-in demo model (SmolLM2, 135M parameters): expect odd answers. Connect a better one in Settings → Mind: Ollama or LM Studio on this computer, or a cloud provider with an API key.</source>
        <translation>Está pensando con el pequeño modelo de demostración integrado (SmolLM2, 135M parámetros): espera respuestas raras. Conecta uno mejor en Ajustes → Mente: Ollama o LM Studio en este equipo, o un proveedor en la nube con una clave de API.</translation>
    </message>
</context>
<context>
    <name>mind_page</name>
    <message>
        <source>paste the API key; it is never shown again</source>
        <translation>pega la clave de API; no se volverá a mostrar</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>Guardar clave</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <source>API keys are kept in {where}.</source>
        <translation>Las claves de API se guardan {where}.</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Probar la conexión</translation>
    </message>
    <message>
        <source>Look for Ollama on this computer</source>
        <translation>Buscar Ollama en este equipo</translation>
    </message>
    <message>
        <source>ollama:qwen3:8b, or a server's address: http://127.0.0.1:8080/v1</source>
        <translation>ollama:qwen3:8b, o la dirección de un servidor: http://127.0.0.1:8080/v1</translation>
    </message>
    <message>
        <source>ollama=http://127.0.0.1:11434/v1 (empty: each provider's usual address)</source>
        <translation>ollama=http://127.0.0.1:11434/v1 (vacío: la dirección habitual de cada proveedor)</translation>
    </message>
    <message>
        <source>Checking the server at {url} before saving…</source>
        <translation>Comprobando el servidor en {url} antes de guardar…</translation>
    </message>
    <message>
        <source>Not saved: no model server answered at {url} ({detail}). Start it (Ollama, LM Studio, llama.cpp…) or check the address.</source>
        <translation>No se ha guardado: ningún servidor de modelos ha respondido en {url} ({detail}). Arráncalo (Ollama, LM Studio, llama.cpp…) o revisa la dirección.</translation>
    </message>
    <message>
        <source>Not saved: the server at {url} answers but offers no model. Load one in it first.</source>
        <translation>No se ha guardado: el servidor en {url} responde pero no ofrece ningún modelo. Carga uno primero.</translation>
    </message>
    <message>
        <source>Not saved: the server at {url} has no model called {model}; it offers {models}.</source>
        <translation>No se ha guardado: el servidor en {url} no tiene ningún modelo llamado {model}; ofrece {models}.</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Trabajando…</translation>
    </message>
    <message>
        <source>Paste a key first.</source>
        <translation>Pega primero una clave.</translation>
    </message>
    <message>
        <source>The {label} key is saved in {where}.</source>
        <translation>La clave de {label} está guardada {where}.</translation>
    </message>
    <message>
        <source>Add a model first, as provider:model.</source>
        <translation>Añade primero un modelo, como proveedor:modelo.</translation>
    </message>
    <message>
        <source>It does not say how many tokens it holds; she learns that from the first prompt it refuses as too long.</source>
        <translation>No dice cuántos tokens admite; ella lo aprende del primer prompt que rechace por demasiado largo.</translation>
    </message>
    <message>
        <source>It holds {tokens} tokens at once, so her window keeps to {half}.</source>
        <translation>Admite {tokens} tokens a la vez, así que su ventana se queda en {half}.</translation>
    </message>
    <message>
        <source>No Ollama server answered at </source>
        <translation>Ningún servidor de Ollama ha respondido en </translation>
    </message>
    <message>
        <source>Ollama has: </source>
        <translation>Ollama tiene: </translation>
    </message>
    <message>
        <source>. Add one to the models as ollama:&lt;name&gt;.</source>
        <translation>. Añade uno a los modelos como ollama:&lt;name&gt;.</translation>
    </message>
    <message>
        <source>Nothing measured yet: each model is measured as she uses it.</source>
        <translation>Aún no hay medidas: cada modelo se mide mientras ella lo usa.</translation>
    </message>
    <message>
        <source>reads {speed} prompt tokens a second</source>
        <translation>lee {speed} tokens de prompt por segundo</translation>
    </message>
    <message>
        <source>speed not measured yet</source>
        <translation>velocidad aún sin medir</translation>
    </message>
    <message>
        <source>holds {tokens} tokens</source>
        <translation>admite {tokens} tokens</translation>
    </message>
    <message>
        <source>size unknown</source>
        <translation>tamaño desconocido</translation>
    </message>
</context>
<context>
    <name>model_catalog</name>
    <message>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <source>Speech to text</source>
        <translation>Voz a texto</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voz</translation>
    </message>
    <message>
        <source>Local LLM</source>
        <translation>LLM local</translation>
    </message>
    <message>
        <source>End of turn</source>
        <translation>Fin del turno</translation>
    </message>
    <message>
        <source>Voice of the streamer</source>
        <translation>Voz del streamer</translation>
    </message>
    <message>
        <source>multilingual</source>
        <translation>multilingüe</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
</context>
<context>
    <name>model_fit</name>
    <message>
        <source>needs {need} GB of memory; with {ram} GB this computer can lend a model {room}</source>
        <translation>necesita {need} GB de memoria; con {ram} GB este equipo puede dedicarle a un modelo {room}</translation>
    </message>
    <message>
        <source>answers slowly here: on the processor alone it wants {wanted} cores, this computer has {cores}</source>
        <translation>aquí responde despacio: solo con el procesador quiere {wanted} núcleos, y este equipo tiene {cores}</translation>
    </message>
    <message>
        <source>fits: {need} GB of memory, runs on the GPU</source>
        <translation>cabe: {need} GB de memoria, funciona en la GPU</translation>
    </message>
    <message>
        <source>fits: {need} GB of memory, runs on Metal</source>
        <translation>cabe: {need} GB de memoria, funciona en Metal</translation>
    </message>
    <message>
        <source>fits: {need} GB of memory, runs on the processor</source>
        <translation>cabe: {need} GB de memoria, funciona en el procesador</translation>
    </message>
</context>
<context>
    <name>model_manager_dialog</name>
    <message>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Licencia</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>instalado</translation>
    </message>
    <message>
        <source>unpinned: not downloaded (Download says why; Import works)</source>
        <translation>sin verificar: no descargado (Descargar dice por qué; Importar funciona)</translation>
    </message>
    <message>
        <source>paused at {size}: Download resumes</source>
        <translation>en pausa en {size}: Descargar lo reanuda</translation>
    </message>
    <message>
        <source>available</source>
        <translation>disponible</translation>
    </message>
    <message>
        <source>available, unpinned (you added it)</source>
        <translation>disponible, sin verificar (lo añadiste tú)</translation>
    </message>
    <message>
        <source>about {size}</source>
        <translation>unos {size}</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <source>Privacy mode is on: downloads are off. Importing files still works.</source>
        <translation>El modo privado está activado: no hay descargas. Importar archivos sigue funcionando.</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Descargar</translation>
    </message>
    <message>
        <source>Cancel download</source>
        <translation>Cancelar la descarga</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Import file…</source>
        <translation>Importar archivo…</translation>
    </message>
    <message>
        <source>Import folder…</source>
        <translation>Importar carpeta…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Import as</source>
        <translation>Importar como</translation>
    </message>
    <message>
        <source>starting…</source>
        <translation>empezando…</translation>
    </message>
    <message>
        <source>%p% · {done} of {total}</source>
        <translation>%p% · {done} de {total}</translation>
    </message>
    <message>
        <source>Import a model file</source>
        <translation>Importar un archivo de modelo</translation>
    </message>
    <message>
        <source>Models (*.onnx *.gguf *.bin *.safetensors);;All files (*)</source>
        <translation>Modelos (*.onnx *.gguf *.bin *.safetensors);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Import a model folder</source>
        <translation>Importar una carpeta de modelo</translation>
    </message>
    <message>
        <source>Remove {title} ({size}) from this machine?</source>
        <translation>¿Quitar {title} ({size}) de este equipo?</translation>
    </message>
    <message>
        <source>Remove model</source>
        <translation>Quitar el modelo</translation>
    </message>
    <message>
        <source>Downloading {title}…</source>
        <translation>Descargando {title}…</translation>
    </message>
    <message>
        <source>: unpinned, as you added it, so its files were not checked against a hash Bea knows.</source>
        <translation>: sin verificar, lo añadiste tú, así que sus archivos no se han comprobado con un hash que Bea conozca.</translation>
    </message>
    <message>
        <source>{title} is installed</source>
        <translation>{title} está instalado</translation>
    </message>
    <message>
        <source>{title}: download paused. Download again to resume where it stopped.</source>
        <translation>{title}: descarga en pausa. Descarga de nuevo para seguir donde se quedó.</translation>
    </message>
    <message>
        <source>Importing {name}…</source>
        <translation>Importando {name}…</translation>
    </message>
    <message>
        <source>Imported {name} as {target}.</source>
        <translation>{name} importado como {target}.</translation>
    </message>
    <message>
        <source>Removed {model_id}.</source>
        <translation>{model_id} quitado.</translation>
    </message>
</context>
<context>
    <name>mood_dock</name>
    <message>
        <source>Valence (pleasant ↑)</source>
        <translation>Valencia (agradable ↑)</translation>
    </message>
    <message>
        <source>Arousal (energy ↑)</source>
        <translation>Activación (energía ↑)</translation>
    </message>
    <message>
        <source>No mood yet</source>
        <translation>Todavía sin ánimo</translation>
    </message>
    <message>
        <source>settled</source>
        <translation>tranquila</translation>
    </message>
    <message>
        <source>Now {word}  ·  valence {v:+.2f}  ·  arousal {a:.2f}</source>
        <translation>Ahora {word}  ·  valencia {v:+.2f}  ·  activación {a:.2f}</translation>
    </message>
    <message>
        <source>Valence: how pleasant she feels (−1 to +1).
Arousal: how much energy she has (0 to 1).
Both ease back toward neutral over time.</source>
        <translation>Valencia: lo bien que se siente (de −1 a +1).
Activación: cuánta energía tiene (de 0 a 1).
Con el tiempo, las dos vuelven poco a poco a lo neutro.</translation>
    </message>
    <message>
        <source>last {hours:g} h</source>
        <translation>últimas {hours:g} h</translation>
    </message>
</context>
<context>
    <name>obs_dock</name>
    <message>
        <source>off</source>
        <translation>inactiva</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>conectando…</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>conectado</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>no conectado</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>no responde</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>rechazado</translation>
    </message>
    <message>
        <source>Streaming: unknown · Recording: unknown</source>
        <translation>Emisión: desconocida · Grabación: desconocida</translation>
    </message>
    <message>
        <source>off</source>
        <comment>an output, streaming or recording</comment>
        <translation>inactiva</translation>
    </message>
    <message>
        <source>Streaming: {streaming} · Recording: {recording}</source>
        <translation>Emisión: {streaming} · Grabación: {recording}</translation>
    </message>
    <message>
        <source>LIVE</source>
        <translation>EN DIRECTO</translation>
    </message>
    <message>
        <source>on</source>
        <translation>activa</translation>
    </message>
    <message>
        <source>Current scene: —</source>
        <translation>Escena actual: —</translation>
    </message>
    <message>
        <source>Current scene: — (OBS is changing scene collection)</source>
        <translation>Escena actual: — (OBS está cambiando de colección de escenas)</translation>
    </message>
    <message>
        <source>Current scene: {scene} (scene collection “{scene_collection}”)</source>
        <translation>Escena actual: {scene} (colección de escenas “{scene_collection}”)</translation>
    </message>
    <message>
        <source>Double-click a scene to switch OBS to it. ★ marks the scenes she may use.</source>
        <translation>Haz doble clic en una escena para cambiar OBS a ella. ★ marca las escenas que puede usar ella.</translation>
    </message>
    <message>
        <source>Connect now</source>
        <translation>Conectar ahora</translation>
    </message>
    <message>
        <source>Password…</source>
        <translation>Contraseña…</translation>
    </message>
    <message>
        <source>Set up OBS…</source>
        <translation>Configurar OBS…</translation>
    </message>
    <message>
        <source>&lt;span style='color:{quiet}'&gt;OBS: not set up&lt;/span&gt;</source>
        <translation>&lt;span style='color:{quiet}'&gt;OBS: sin configurar&lt;/span&gt;</translation>
    </message>
    <message>
        <source>When you stream with OBS, switch it on in Settings → Skills: she then switches scenes, shows captions and knows when you go live.</source>
        <translation>Si emites con OBS, actívalo en Ajustes → Habilidades: así ella cambia de escena, muestra subtítulos y sabe cuándo empiezas el directo.</translation>
    </message>
    <message>
        <source>&lt;span style='color:{colour}'&gt;●&lt;/span&gt; &lt;b&gt;OBS: {state}&lt;/b&gt; {address}</source>
        <translation>&lt;span style='color:{colour}'&gt;●&lt;/span&gt; &lt;b&gt;OBS: {state}&lt;/b&gt; {address}</translation>
    </message>
    <message>
        <source>OBS password</source>
        <translation>Contraseña de OBS</translation>
    </message>
    <message>
        <source>OBS WebSocket password (Tools → WebSocket Server Settings → Show Connect Info).
Empty forgets it.</source>
        <translation>Contraseña del WebSocket de OBS (Herramientas → Configuración del servidor WebSocket → Mostrar información de conexión).
Si la dejas vacía, la olvida.</translation>
    </message>
</context>
<context>
    <name>obs_settings</name>
    <message>
        <source>set</source>
        <translation>configurada</translation>
    </message>
    <message>
        <source>OBS WebSocket password</source>
        <translation>Contraseña del WebSocket de OBS</translation>
    </message>
    <message>
        <source>Save password</source>
        <translation>Guardar contraseña</translation>
    </message>
    <message>
        <source>Forget</source>
        <translation>Olvidar</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>Contraseña</translation>
    </message>
    <message>
        <source>nowhere in this build</source>
        <translation>en ningún sitio en esta versión</translation>
    </message>
    <message>
        <source>The password is kept in {place}.</source>
        <translation>La contraseña se guarda {place}.</translation>
    </message>
    <message>
        <source>Type the password first (OBS: Tools → WebSocket Server Settings).</source>
        <translation>Escribe primero la contraseña (OBS: Herramientas → Configuración del servidor WebSocket).</translation>
    </message>
    <message>
        <source>The OBS password is saved in {where}.</source>
        <translation>La contraseña de OBS está guardada {where}.</translation>
    </message>
    <message>
        <source>The OBS password is forgotten.</source>
        <translation>Se ha olvidado la contraseña de OBS.</translation>
    </message>
    <message>
        <source>There is nowhere to keep the password in this build.</source>
        <translation>En esta versión no hay dónde guardar la contraseña.</translation>
    </message>
</context>
<context>
    <name>passphrase</name>
    <message>
        <source>Unlock Bea's memory</source>
        <translation>Desbloquear la memoria de Bea</translation>
    </message>
    <message>
        <source>There is no system keyring here, so Bea's memory is locked with a passphrase.</source>
        <translation>Aquí no hay llavero del sistema, así que la memoria de Bea se protege con una frase de contraseña.</translation>
    </message>
    <message>
        <source>Choose one now; it cannot be recovered if you forget it.</source>
        <translation>Elige una ahora; si la olvidas, no se puede recuperar.</translation>
    </message>
    <message>
        <source>Enter the passphrase you chose.</source>
        <translation>Escribe la frase de contraseña que elegiste.</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>Frase de contraseña</translation>
    </message>
    <message>
        <source>Again</source>
        <translation>Repítela</translation>
    </message>
    <message>
        <source>Use at least {count} characters.</source>
        <translation>Usa al menos {count} caracteres.</translation>
    </message>
    <message>
        <source>The two passphrases differ.</source>
        <translation>Las dos frases de contraseña no coinciden.</translation>
    </message>
    <message>
        <source>Enter the passphrase.</source>
        <translation>Escribe la frase de contraseña.</translation>
    </message>
</context>
<context>
    <name>people_dock</name>
    <message>
        <source>People need the encrypted database, and it is not open: there is no roster to show. Unlock or create her store and restart Bea.</source>
        <translation>Las personas están en la base de datos cifrada, que no está abierta: no hay ninguna lista que mostrar. Desbloquea o crea su almacén y reinicia Bea.</translation>
    </message>
    <message>
        <source>Nobody yet: people appear here once they write in chat.</source>
        <translation>Todavía nadie: las personas aparecen aquí en cuanto escriben en el chat.</translation>
    </message>
    <message>
        <source>Select someone in the roster to see their card.</source>
        <translation>Elige a alguien en la lista para ver su ficha.</translation>
    </message>
    <message>
        <source>No card yet: mark them and she keeps one (attitude, profile and facts live on a card).</source>
        <translation>Todavía no tiene ficha: márcala y ella le llevará una (actitud, perfil y datos van en la ficha).</translation>
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
        <source>by name only</source>
        <translation>solo por nombre</translation>
    </message>
    <message>
        <source>they donated</source>
        <translation>hizo una donación</translation>
    </message>
    <message>
        <source>she decided to remember them (or you marked them)</source>
        <translation>ella decidió recordarla (o la marcaste tú)</translation>
    </message>
    <message>
        <source>they talked with her one to one</source>
        <translation>habló con ella a solas</translation>
    </message>
    <message>
        <source>a regular: they came to 3 or more streams</source>
        <translation>un habitual: vino a 3 directos o más</translation>
    </message>
    <message>
        <source>they wrote a lot in chat (the profiler)</source>
        <translation>escribió mucho en el chat (el perfilador)</translation>
    </message>
    <message>
        <source>you said two accounts of theirs are one person</source>
        <translation>dijiste que dos de sus cuentas son la misma persona</translation>
    </message>
    <message>
        <source>described, from what they could see</source>
        <translation>descrito, por lo que se veía</translation>
    </message>
    <message>
        <source>seen, the name shown in chat</source>
        <translation>visto, el nombre que aparece en el chat</translation>
    </message>
    <message>
        <source>known, chosen when remembering them</source>
        <translation>conocido, elegido al recordar a esta persona</translation>
    </message>
    <message>
        <source>known, they introduced themselves</source>
        <translation>conocido, se presentó</translation>
    </message>
    <message>
        <source>known, you gave this name</source>
        <translation>conocido, este nombre lo diste tú</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>The name shown in chat. Click to sort A to Z.</source>
        <translation>El nombre que aparece en el chat. Haz clic para ordenar de la A a la Z.</translation>
    </message>
    <message>
        <source>Platform</source>
        <translation>Plataforma</translation>
    </message>
    <message>
        <source>Where the account is.</source>
        <translation>Dónde está la cuenta.</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Mensajes</translation>
    </message>
    <message>
        <source>Messages counted. Click to sort, most first.</source>
        <translation>Mensajes contados. Haz clic para ordenar, de más a menos.</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sesiones</translation>
    </message>
    <message>
        <source>Streams they came to. Click to sort, most first.</source>
        <translation>Directos a los que vino. Haz clic para ordenar, de más a menos.</translation>
    </message>
    <message>
        <source>Donations</source>
        <translation>Donaciones</translation>
    </message>
    <message>
        <source>How many donations (the amounts are on the card). Click to sort.</source>
        <translation>Cuántas donaciones (los importes están en la ficha). Haz clic para ordenar.</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Última vez</translation>
    </message>
    <message>
        <source>Click to sort, most recent first.</source>
        <translation>Haz clic para ordenar, de más reciente a más antiguo.</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Ficha</translation>
    </message>
    <message>
        <source>Whether she keeps a card for them.</source>
        <translation>Si lleva una ficha de esta persona.</translation>
    </message>
    <message>
        <source> (a name she remembered; no account seen yet)</source>
        <translation> (un nombre que recordaba; todavía no se ha visto ninguna cuenta)</translation>
    </message>
    <message>
        <source> on {platform}</source>
        <translation> en {platform}</translation>
    </message>
    <message>
        <source>(no name shown)</source>
        <translation>(sin nombre visible)</translation>
    </message>
    <message numerus="yes">
        <source>%Ln messages</source>
        <translation>
            <numerusform>%Ln mensaje</numerusform>
            <numerusform>%Ln mensajes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sessions</source>
        <translation>
            <numerusform>%Ln sesión</numerusform>
            <numerusform>%Ln sesiones</numerusform>
        </translation>
    </message>
    <message>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <source>{name} on {platform}: she calls them “{alias}”</source>
        <translation>{name} en {platform}: la llama “{alias}”</translation>
    </message>
    <message>
        <source>Search by name (every word must match)…</source>
        <translation>Buscar por nombre (deben estar todas las palabras)…</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <source>Read the roster again (new people, new counts)</source>
        <translation>Volver a leer la lista (personas nuevas, recuentos nuevos)</translation>
    </message>
    <message>
        <source>Marked</source>
        <translation>Marcada</translation>
    </message>
    <message>
        <source>Marked: she keeps a card for them. Unmarking keeps the card they have.</source>
        <translation>Marcada: lleva una ficha de esta persona. Si quitas la marca, la ficha se queda.</translation>
    </message>
    <message>
        <source>The name she should use for them</source>
        <translation>El nombre que debería usar para esta persona</translation>
    </message>
    <message>
        <source>Set name</source>
        <translation>Poner nombre</translation>
    </message>
    <message>
        <source>Tell her this is their name: it replaces any she has</source>
        <translation>Dile que este es su nombre: sustituye el que ya tenga</translation>
    </message>
    <message>
        <source>How she feels about them, briefly</source>
        <translation>Lo que siente por esta persona, en breve</translation>
    </message>
    <message>
        <source>Who they are, in a few lines</source>
        <translation>Quién es, en pocas líneas</translation>
    </message>
    <message>
        <source>Save card</source>
        <translation>Guardar ficha</translation>
    </message>
    <message>
        <source>Their other account's name (“Anna on Telegram”)</source>
        <translation>El nombre de su otra cuenta (“Ana en Telegram”)</translation>
    </message>
    <message>
        <source>Same person</source>
        <translation>Misma persona</translation>
    </message>
    <message>
        <source>This account and the one named are one person: one card</source>
        <translation>Esta cuenta y la indicada son la misma persona: una sola ficha</translation>
    </message>
    <message>
        <source>A new fact about them…</source>
        <translation>Un dato nuevo sobre esta persona…</translation>
    </message>
    <message>
        <source>Add fact</source>
        <translation>Añadir dato</translation>
    </message>
    <message>
        <source>Remove fact</source>
        <translation>Quitar dato</translation>
    </message>
    <message>
        <source>Forget this person…</source>
        <translation>Olvidar a esta persona…</translation>
    </message>
    <message>
        <source>Clear the {mark} mark</source>
        <translation>Quitar la marca {mark}</translation>
    </message>
    <message>
        <source>What they tried in chat no longer counts: the mark goes, and they start again from nothing</source>
        <translation>Lo que intentó en el chat ya no cuenta: la marca desaparece y empieza de cero</translation>
    </message>
    <message>
        <source>yesterday 00:00</source>
        <translation>ayer 00:00</translation>
    </message>
    <message>
        <source>Her name for them</source>
        <translation>El nombre que usa ella</translation>
    </message>
    <message>
        <source>Also them</source>
        <translation>También es</translation>
    </message>
    <message>
        <source>Attitude</source>
        <translation>Actitud</translation>
    </message>
    <message>
        <source>Profile</source>
        <translation>Perfil</translation>
    </message>
    <message>
        <source>Facts, newest first</source>
        <translation>Datos, del más reciente</translation>
    </message>
    <message numerus="yes">
        <source>%Ln people match “{search}”</source>
        <translation>
            <numerusform>%Ln persona coincide con “{search}”</numerusform>
            <numerusform>%Ln personas coinciden con “{search}”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln people seen</source>
        <translation>
            <numerusform>%Ln persona vista</numerusform>
            <numerusform>%Ln personas vistas</numerusform>
        </translation>
    </message>
    <message>
        <source>this person</source>
        <translation>esta persona</translation>
    </message>
    <message>
        <source>No card yet.</source>
        <translation>Todavía no tiene ficha.</translation>
    </message>
    <message>
        <source>Card: {reason}.</source>
        <translation>Ficha: {reason}.</translation>
    </message>
    <message>
        <source> To her they are “{unfamiliar}”: she has no name for them yet.</source>
        <translation> Para ella es “{unfamiliar}”: todavía no tiene un nombre para esta persona.</translation>
    </message>
    <message>
        <source> · {messages} in {sessions} · last seen {when}</source>
        <translation> · {messages} en {sessions} · vista por última vez {when}</translation>
    </message>
    <message>
        <source>&lt;p style='margin:0'&gt;&lt;b&gt;Names&lt;/b&gt;&lt;/p&gt;&lt;ul style='margin-top:2px'&gt;{names}&lt;/ul&gt;</source>
        <translation>&lt;p style='margin:0'&gt;&lt;b&gt;Nombres&lt;/b&gt;&lt;/p&gt;&lt;ul style='margin-top:2px'&gt;{names}&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Donations:&lt;/b&gt; {amounts}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Donaciones:&lt;/b&gt; {amounts}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;&lt;b&gt;They really moved her&lt;/b&gt; %Ln times (her mood)&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;&lt;b&gt;La ha conmovido de verdad&lt;/b&gt; una vez (su ánimo)&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;&lt;b&gt;La ha conmovido de verdad&lt;/b&gt; %Ln veces (su ánimo)&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;On stream they&lt;/b&gt; {offences}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;En directo&lt;/b&gt; {offences}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style='margin-bottom:0'&gt;&lt;b&gt;What each character calls them&lt;/b&gt;&lt;/p&gt;&lt;ul style='margin-top:2px'&gt;{names}&lt;/ul&gt;</source>
        <translation>&lt;p style='margin-bottom:0'&gt;&lt;b&gt;Cómo la llama cada personaje&lt;/b&gt;&lt;/p&gt;&lt;ul style='margin-top:2px'&gt;{names}&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>{unfamiliar} &lt;i&gt;(no name yet)&lt;/i&gt;</source>
        <translation>{unfamiliar} &lt;i&gt;(todavía sin nombre)&lt;/i&gt;</translation>
    </message>
    <message>
        <source>{alias} on {platform} &lt;i&gt;({how})&lt;/i&gt;</source>
        <translation>{alias} en {platform} &lt;i&gt;({how})&lt;/i&gt;</translation>
    </message>
    <message>
        <source>; also </source>
        <translation>; también </translation>
    </message>
    <message>
        <source>Card saved.</source>
        <translation>Ficha guardada.</translation>
    </message>
    <message>
        <source>Fact added.</source>
        <translation>Dato añadido.</translation>
    </message>
    <message>
        <source>She already has that fact.</source>
        <translation>Ese dato ya lo tiene.</translation>
    </message>
    <message>
        <source>Fact removed.</source>
        <translation>Dato quitado.</translation>
    </message>
    <message>
        <source>That fact was already gone.</source>
        <translation>Ese dato ya no estaba.</translation>
    </message>
    <message>
        <source>Type the name she should use for them first.</source>
        <translation>Escribe primero el nombre que debería usar para esta persona.</translation>
    </message>
    <message>
        <source>She now calls them {name}.</source>
        <translation>Ahora la llama {name}.</translation>
    </message>
    <message>
        <source>{name} and {account} are one person now.</source>
        <translation>{name} y {account} ahora son la misma persona.</translation>
    </message>
    <message>
        <source>Marked: she keeps a card for them.</source>
        <translation>Marcada: lleva una ficha de esta persona.</translation>
    </message>
    <message>
        <source>Unmarked (the card stays).</source>
        <translation>Marca quitada (la ficha se queda).</translation>
    </message>
    <message>
        <source>The {mark} mark on {name} is cleared: what they tried in chat no longer counts.</source>
        <translation>Se ha quitado la marca {mark} de {name}: lo que intentó en el chat ya no cuenta.</translation>
    </message>
    <message>
        <source>Forget {name} everywhere? This removes, for good:</source>
        <translation>¿Olvidar a {name} en todas partes? Esto borra para siempre:</translation>
    </message>
    <message numerus="yes">
        <source>• %Ln accounts: {accounts}</source>
        <translation>
            <numerusform>• %Ln cuenta: {accounts}</numerusform>
            <numerusform>• %Ln cuentas: {accounts}</numerusform>
        </translation>
    </message>
    <message>
        <source>• what she counted: {messages}, {sessions}</source>
        <translation>• lo que ha contado: {messages}, {sessions}</translation>
    </message>
    <message>
        <source>, donations of {amounts}</source>
        <translation>, donaciones por {amounts}</translation>
    </message>
    <message numerus="yes">
        <source>• their card: attitude, profile and %Ln facts</source>
        <translation>
            <numerusform>• su ficha: actitud, perfil y %Ln dato</numerusform>
            <numerusform>• su ficha: actitud, perfil y %Ln datos</numerusform>
        </translation>
    </message>
    <message>
        <source>• the name every character uses for them, and what the characters' buffers say of them</source>
        <translation>• el nombre que cada personaje usa para esta persona, y lo que dicen de ella los búferes de los personajes</translation>
    </message>
    <message>
        <source>Their lines in the stream log stay, flagged: she never dreams or profiles from them again.</source>
        <translation>Sus líneas en el registro del directo se quedan, marcadas: ella nunca volverá a soñar ni a hacer perfiles con ellas.</translation>
    </message>
    <message>
        <source>Next you choose whether the memories about them go too. This cannot be undone.</source>
        <translation>Después eliges si también se borran los recuerdos sobre esta persona. No se puede deshacer.</translation>
    </message>
    <message>
        <source>Forget {name}?</source>
        <translation>¿Olvidar a {name}?</translation>
    </message>
    <message>
        <source>Also forget the memories about them?</source>
        <translation>¿Olvidar también los recuerdos sobre esta persona?</translation>
    </message>
    <message>
        <source>Also forget the memories that came from {name}: what they said that she kept in her memory?

Yes: those memories go too.
No: only the person goes; the memories stay, by nobody she knows.</source>
        <translation>¿Olvidar también los recuerdos que vienen de {name}: lo que dijo y ella guardó en su memoria?

Sí: esos recuerdos también desaparecen.
No: solo desaparece la persona; los recuerdos se quedan, de alguien que no conoce.</translation>
    </message>
    <message>
        <source> and the memories about them.</source>
        <translation> y los recuerdos sobre esta persona.</translation>
    </message>
    <message numerus="yes">
        <source>Forgot {name} (%Ln accounts)</source>
        <translation>
            <numerusform>{name} olvidado (%Ln cuenta)</numerusform>
            <numerusform>{name} olvidado (%Ln cuentas)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>person_dock</name>
    <message>
        <source>Nothing is known about them yet.</source>
        <translation>Todavía no se sabe nada de ti.</translation>
    </message>
    <message>
        <source>What Bea knows about you lives in the encrypted database, and it is not open: there is nothing to show or correct. Unlock or create her store and restart Bea.</source>
        <translation>Lo que Bea sabe de ti está en la base de datos cifrada, que no está abierta: no hay nada que mostrar ni corregir. Desbloquea o crea su almacén y reinicia Bea.</translation>
    </message>
    <message>
        <source>She knows nothing about you yet. Add something below, or press Getting to Know You.</source>
        <translation>Todavía no sabe nada de ti. Añade algo aquí abajo, o pulsa Conozcámonos.</translation>
    </message>
    <message>
        <source>Section</source>
        <translation>Sección</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Clave</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Fuente</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Confianza</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>Observado</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Caduca</translation>
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
        <translation>Creado</translation>
    </message>
    <message>
        <source>Last used</source>
        <translation>Último uso</translation>
    </message>
    <message>
        <source>When</source>
        <translation>Cuándo</translation>
    </message>
    <message>
        <source>What</source>
        <translation>Qué</translation>
    </message>
    <message>
        <source>Whose model</source>
        <translation>Modelo de quién</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Detalle</translation>
    </message>
    <message>
        <source>for good</source>
        <translation>para siempre</translation>
    </message>
    <message>
        <source>for an hour</source>
        <translation>durante una hora</translation>
    </message>
    <message>
        <source>for a day</source>
        <translation>durante un día</translation>
    </message>
    <message>
        <source>for a week</source>
        <translation>durante una semana</translation>
    </message>
    <message>
        <source>Who you are</source>
        <translation>Quién eres</translation>
    </message>
    <message>
        <source>Your usual day</source>
        <translation>Tu día normal</translation>
    </message>
    <message>
        <source>Right now</source>
        <translation>Ahora mismo</translation>
    </message>
    <message>
        <source>Who matters to you</source>
        <translation>Quién te importa</translation>
    </message>
    <message>
        <source>Open commitments</source>
        <translation>Compromisos pendientes</translation>
    </message>
    <message>
        <source>What you prefer</source>
        <translation>Lo que prefieres</translation>
    </message>
    <message>
        <source>you told her</source>
        <translation>se lo dijiste tú</translation>
    </message>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>%Ln entrada</numerusform>
            <numerusform>%Ln entradas</numerusform>
        </translation>
    </message>
    <message>
        <source> or </source>
        <translation> o </translation>
    </message>
    <message>
        <source>Nothing under {sections} matches "{query}".</source>
        <translation>Nada en {sections} coincide con "{query}".</translation>
    </message>
    <message>
        <source>Nothing is known about them under {sections} yet.</source>
        <translation>Todavía no se sabe nada de ti en {sections}.</translation>
    </message>
    <message>
        <source>Nothing known about them matches "{query}".</source>
        <translation>Nada de lo que se sabe de ti coincide con "{query}".</translation>
    </message>
    <message>
        <source>Add a device</source>
        <translation>Añadir un dispositivo</translation>
    </message>
    <message>
        <source>e.g. Sara's phone</source>
        <translation>p. ej. el móvil de Sara</translation>
    </message>
    <message>
        <source>Admin device</source>
        <translation>Dispositivo admin</translation>
    </message>
    <message>
        <source>An admin device may also read the model of another member of the household (each such read goes into the audit log). A phone that only pushes your own signals does not need it.</source>
        <translation>Un dispositivo admin también puede leer el modelo de otra persona de la casa (cada lectura queda en el registro). Un móvil que solo envía tus propias señales no lo necesita.</translation>
    </message>
    <message>
        <source>Create token</source>
        <translation>Crear token</translation>
    </message>
    <message>
        <source>Device name</source>
        <translation>Nombre del dispositivo</translation>
    </message>
    <message>
        <source>Token for {device}</source>
        <translation>Token para {device}</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy this token into {device} now. &lt;b&gt;It will not be shown again&lt;/b&gt;: Bea keeps only a fingerprint of it. If you lose it, revoke the device and add it again.</source>
        <translation>Copia ahora este token en {device}. &lt;b&gt;No se volverá a mostrar&lt;/b&gt;: Bea solo guarda una huella. Si lo pierdes, revoca el dispositivo y vuelve a añadirlo.</translation>
    </message>
    <message>
        <source>The device sends it with every request to Bea's local API, as “Authorization: Bearer &lt;token&gt;”.</source>
        <translation>El dispositivo lo envía en cada petición a la API local de Bea, como “Authorization: Bearer &lt;token&gt;”.</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>Copiado</translation>
    </message>
    <message>
        <source>What she knows</source>
        <translation>Lo que sabe</translation>
    </message>
    <message>
        <source>Senses</source>
        <translation>Sentidos</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Dispositivos</translation>
    </message>
    <message>
        <source>Audit</source>
        <translation>Registro</translation>
    </message>
    <message>
        <source>Forget everything…</source>
        <translation>Olvidar todo…</translation>
    </message>
    <message>
        <source>Delete every entry and every raw signal about you</source>
        <translation>Borra cada entrada y cada señal en bruto sobre ti</translation>
    </message>
    <message>
        <source>Search (every word must match)…</source>
        <translation>Buscar (deben estar todas las palabras)…</translation>
    </message>
    <message>
        <source>All sections</source>
        <translation>Todas las secciones</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <source>Read the model again (devices and agents write to it)</source>
        <translation>Volver a leer el modelo (escriben en él dispositivos y agentes)</translation>
    </message>
    <message>
        <source>Getting to Know You</source>
        <translation>Conozcámonos</translation>
    </message>
    <message>
        <source>Exactly what an agent reads when it asks person_model (expired entries hidden)</source>
        <translation>Exactamente lo que lee un agente cuando consulta person_model (entradas caducadas ocultas)</translation>
    </message>
    <message>
        <source>key</source>
        <translation>clave</translation>
    </message>
    <message>
        <source>A short stable name, e.g. home_city: the same key updates the entry</source>
        <translation>Un nombre corto y fijo, p. ej. home_city: la misma clave actualiza la entrada</translation>
    </message>
    <message>
        <source>summary, one line, e.g. Lives in Turin</source>
        <translation>resumen, una línea, p. ej. Vive en Sevilla</translation>
    </message>
    <message>
        <source>value (optional)</source>
        <translation>valor (opcional)</translation>
    </message>
    <message>
        <source>Optional: words, or JSON such as {"city": "Turin"}</source>
        <translation>Opcional: palabras, o JSON como {"city": "Sevilla"}</translation>
    </message>
    <message>
        <source>Save correction</source>
        <translation>Guardar corrección</translation>
    </message>
    <message>
        <source>Your word: it outranks anything an agent or a sense concluded</source>
        <translation>Tu palabra: cuenta más que cualquier cosa que haya deducido un agente o un sentido</translation>
    </message>
    <message>
        <source>New</source>
        <translation>Nueva</translation>
    </message>
    <message>
        <source>Clear the form to add an entry</source>
        <translation>Vacía el formulario para añadir una entrada</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Borrar…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Her notes on you&lt;/b&gt;, word for word</source>
        <translation>&lt;b&gt;Sus notas sobre ti&lt;/b&gt;, palabra por palabra</translation>
    </message>
    <message>
        <source>&lt;b&gt;Correct:&lt;/b&gt;</source>
        <translation>&lt;b&gt;Corregir:&lt;/b&gt;</translation>
    </message>
    <message>
        <source>keep it</source>
        <translation>guardarlo</translation>
    </message>
    <message>
        <source>Every sense is off until you switch it on. A sense reads signals your devices push to Bea and turns them into a few entries with plain rules, not an AI. Switching one off deletes what it concluded and the raw signals it kept; raw signals are kept {raw_signal_days} days at most.</source>
        <translation>Cada sentido está apagado hasta que lo actives tú. Un sentido lee las señales que tus dispositivos envían a Bea y las convierte en unas pocas entradas con reglas sencillas, no con una IA. Si apagas uno, se borra lo que dedujo y las señales en bruto que guardaba; las señales en bruto se guardan como mucho {raw_signal_days} días.</translation>
    </message>
    <message>
        <source>&lt;b&gt;{sense}&lt;/b&gt; — reads {reads}&lt;br&gt;{purpose}</source>
        <translation>&lt;b&gt;{sense}&lt;/b&gt; — lee {reads}&lt;br&gt;{purpose}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{sense}&lt;/b&gt;&lt;br&gt;{purpose}</source>
        <translation>&lt;b&gt;{sense}&lt;/b&gt;&lt;br&gt;{purpose}</translation>
    </message>
    <message>
        <source>Add device…</source>
        <translation>Añadir dispositivo…</translation>
    </message>
    <message>
        <source>Revoke…</source>
        <translation>Revocar…</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Activado</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Apagado</translation>
    </message>
    <message numerus="yes">
        <source>%Ln raw signals kept from your devices right now.</source>
        <translation>
            <numerusform>%Ln señal en bruto guardada de tus dispositivos ahora mismo.</numerusform>
            <numerusform>%Ln señales en bruto guardadas de tus dispositivos ahora mismo.</numerusform>
        </translation>
    </message>
    <message>
        <source>{shown} of {entries} match</source>
        <translation>{shown} de {entries} coinciden</translation>
    </message>
    <message numerus="yes">
        <source> · %Ln expired (greyed: she no longer reads them)</source>
        <translation>
            <numerusform> · %Ln caducada (en gris: ya no la lee)</numerusform>
            <numerusform> · %Ln caducadas (en gris: ya no las lee)</numerusform>
        </translation>
    </message>
    <message>
        <source>{section}/{key}: {summary}
source: {source}</source>
        <translation>{section}/{key}: {summary}
fuente: {source}</translation>
    </message>
    <message>
        <source>
your words: “{quote}”</source>
        <translation>
tus palabras: “{quote}”</translation>
    </message>
    <message>
        <source>
expired: she no longer reads this</source>
        <translation>
caducada: ya no la lee</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nunca</translation>
    </message>
    <message>
        <source>expired {expires}</source>
        <translation>caducó {expires}</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>todavía no</translation>
    </message>
    <message>
        <source>No devices yet. </source>
        <translation>Todavía no hay dispositivos. </translation>
    </message>
    <message>
        <source>A device (your phone, a watch, a script) needs a token to reach Bea's local API: it pushes signals for the senses you switched on and can read or correct this model.</source>
        <translation>Un dispositivo (tu móvil, un reloj, un script) necesita un token para llegar a la API local de Bea: envía señales para los sentidos que has activado y puede leer o corregir este modelo.</translation>
    </message>
    <message>
        <source>Nothing has happened yet.</source>
        <translation>Todavía no ha pasado nada.</translation>
    </message>
    <message>
        <source>Newest first; the latest {audit_rows} events are shown.</source>
        <translation>Del más reciente; se muestran los últimos {audit_rows} eventos.</translation>
    </message>
    <message>
        <source>Newest first.</source>
        <translation>Del más reciente.</translation>
    </message>
    <message>
        <source>Stop Getting to Know You</source>
        <translation>Parar Conozcámonos</translation>
    </message>
    <message>
        <source>End the interview; your lines in the Chat dock go to Bea again</source>
        <translation>Termina la entrevista; tus líneas en el panel Chat vuelven a llegarle a Bea</translation>
    </message>
    <message>
        <source>A short interview in the Chat dock: it asks about what she does not know yet (six questions at most) and records your answers in your own words</source>
        <translation>Una entrevista breve en el panel Chat: pregunta lo que todavía no sabe (seis preguntas como mucho) y guarda tus respuestas con tus propias palabras</translation>
    </message>
    <message>
        <source>Not saved: {exc}.</source>
        <translation>No se ha guardado: {exc}.</translation>
    </message>
    <message>
        <source>Not saved: {message}</source>
        <translation>No se ha guardado: {message}</translation>
    </message>
    <message>
        <source>Saved {section}/{key} as your correction ({reason}); agents and senses cannot change it now.</source>
        <translation>{section}/{key} guardado como corrección tuya ({reason}); ahora ni agentes ni sentidos pueden cambiarlo.</translation>
    </message>
    <message>
        <source>Delete this entry?</source>
        <translation>¿Borrar esta entrada?</translation>
    </message>
    <message>
        <source>Delete {section}/{key}, {what}?

She forgets it at once. An agent or a sense may learn it again later; to keep her from it, correct it instead.</source>
        <translation>¿Borrar {section}/{key}, {what}?

Lo olvida al instante. Un agente o un sentido podría volver a aprenderlo más adelante; para evitarlo, corrígelo en vez de borrarlo.</translation>
    </message>
    <message>
        <source>Deleted {section}/{key}.</source>
        <translation>{section}/{key} borrado.</translation>
    </message>
    <message>
        <source>{section}/{key} was already gone.</source>
        <translation>{section}/{key} ya no estaba.</translation>
    </message>
    <message>
        <source>Getting to Know You stopped: your lines in the Chat dock go to Bea again.</source>
        <translation>Conozcámonos ha terminado: tus líneas en el panel Chat vuelven a llegarle a Bea.</translation>
    </message>
    <message numerus="yes">
        <source>the %Ln entries it concluded ({summaries})</source>
        <translation>
            <numerusform>la entrada que dedujo ({summaries})</numerusform>
            <numerusform>las %Ln entradas que dedujo ({summaries})</numerusform>
        </translation>
    </message>
    <message>
        <source>anything it concluded (nothing right now)</source>
        <translation>lo que haya deducido (ahora mismo nada)</translation>
    </message>
    <message>
        <source>Switch off the {name} sense?

This deletes, for good, {what} and every raw signal it collected from your devices. Signals it would read are ignored from now on.

You can switch it on again later; it starts from nothing.</source>
        <translation>¿Apagar el sentido {name}?

Esto borra para siempre {what} y cada señal en bruto que recogió de tus dispositivos. A partir de ahora se ignoran las señales que leería.

Puedes volver a activarlo más adelante; empezará de cero.</translation>
    </message>
    <message>
        <source>The {name} sense is on: {purpose}</source>
        <translation>El sentido {name} está activado: {purpose}</translation>
    </message>
    <message>
        <source>Switch off {name}?</source>
        <translation>¿Apagar {name}?</translation>
    </message>
    <message numerus="yes">
        <source>The {name} sense is off: %Ln entries and its raw signals deleted.</source>
        <translation>
            <numerusform>El sentido {name} está apagado: borrada %Ln entrada y sus señales en bruto.</numerusform>
            <numerusform>El sentido {name} está apagado: borradas %Ln entradas y sus señales en bruto.</numerusform>
        </translation>
    </message>
    <message>
        <source>The {name} sense stays on.</source>
        <translation>El sentido {name} sigue activado.</translation>
    </message>
    <message>
        <source>No device added: {exc}.</source>
        <translation>No se ha añadido ningún dispositivo: {exc}.</translation>
    </message>
    <message>
        <source>Added {name}. Its token was shown once; revoke the device if it is lost.</source>
        <translation>{name} añadido. Su token se mostró una vez; revoca el dispositivo si se pierde.</translation>
    </message>
    <message>
        <source>Revoke {name}?</source>
        <translation>¿Revocar {name}?</translation>
    </message>
    <message>
        <source>Revoke the token of {name}?

It can no longer reach Bea's API. To connect it again, add it as a new device and copy the new token into it.</source>
        <translation>¿Revocar el token de {name}?

Ya no podrá llegar a la API de Bea. Para volver a conectarlo, añádelo como dispositivo nuevo y cópiale el token nuevo.</translation>
    </message>
    <message>
        <source>Revoked {name}.</source>
        <translation>{name} revocado.</translation>
    </message>
    <message>
        <source>{name} had no token any more.</source>
        <translation>{name} ya no tenía token.</translation>
    </message>
    <message>
        <source>This deletes, for good:</source>
        <translation>Esto borra para siempre:</translation>
    </message>
    <message numerus="yes">
        <source>• all %Ln entries of the model: what you told her, what agents inferred and what senses concluded</source>
        <translation>
            <numerusform>• la única entrada del modelo: lo que le contaste, lo que dedujeron agentes y sentidos</numerusform>
            <numerusform>• las %Ln entradas del modelo: lo que le contaste, lo que dedujeron los agentes y lo que concluyeron los sentidos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>• all %Ln raw signals from your devices</source>
        <translation>
            <numerusform>• la única señal en bruto de tus dispositivos</numerusform>
            <numerusform>• las %Ln señales en bruto de tus dispositivos</numerusform>
        </translation>
    </message>
    <message>
        <source>Devices holding a copy are told to drop it.</source>
        <translation>A los dispositivos que tengan una copia se les pide que la descarten.</translation>
    </message>
    <message>
        <source>Forget everything Bea knows about you?</source>
        <translation>¿Olvidar todo lo que Bea sabe de ti?</translation>
    </message>
    <message numerus="yes">
        <source>Stays: your %Ln devices and their tokens, which senses are on, and the audit log.</source>
        <translation>
            <numerusform>Se quedan: tu dispositivo y su token, qué sentidos están activados, y el registro.</numerusform>
            <numerusform>Se quedan: tus %Ln dispositivos y sus tokens, qué sentidos están activados, y el registro.</numerusform>
        </translation>
    </message>
    <message>
        <source>This cannot be undone.</source>
        <translation>No se puede deshacer.</translation>
    </message>
    <message>
        <source>Forget everything?</source>
        <translation>¿Olvidarlo todo?</translation>
    </message>
    <message numerus="yes">
        <source>Forgot everything: %Ln entries and every raw signal.</source>
        <translation>
            <numerusform>Todo olvidado: %Ln entrada y cada señal en bruto.</numerusform>
            <numerusform>Todo olvidado: %Ln entradas y cada señal en bruto.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plan_dock</name>
    <message>
        <source>No plan for today. Press New plan to write one: a headline and the things she should get done.</source>
        <translation>No hay plan para hoy. Pulsa Nuevo plan para escribir uno: un titular y las cosas que debe hacer.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln in progress</source>
        <translation>
            <numerusform>%Ln en curso</numerusform>
            <numerusform>%Ln en curso</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln to do</source>
        <translation>
            <numerusform>%Ln pendiente</numerusform>
            <numerusform>%Ln pendientes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln done</source>
        <translation>
            <numerusform>%Ln hecho</numerusform>
            <numerusform>%Ln hechos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln dropped</source>
        <translation>
            <numerusform>%Ln descartado</numerusform>
            <numerusform>%Ln descartados</numerusform>
        </translation>
    </message>
    <message>
        <source>No objectives yet: add the first below.</source>
        <translation>Todavía no hay objetivos: añade el primero aquí abajo.</translation>
    </message>
    <message>
        <source>Today's headline, e.g. “Finish the castle, be nice to raiders”</source>
        <translation>El titular de hoy, p. ej. “Terminar el castillo, ser amables con los raiders”</translation>
    </message>
    <message>
        <source>A new objective…</source>
        <translation>Un objetivo nuevo…</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Añadir</translation>
    </message>
    <message>
        <source>Headline</source>
        <translation>Titular</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Editar…</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Subir</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Bajar</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Empezar</translation>
    </message>
    <message>
        <source>Done…</source>
        <translation>Hecho…</translation>
    </message>
    <message>
        <source>Drop…</source>
        <translation>Descartar…</translation>
    </message>
    <message>
        <source>Reopen</source>
        <translation>Reabrir</translation>
    </message>
    <message>
        <source>New plan…</source>
        <translation>Nuevo plan…</translation>
    </message>
    <message>
        <source>Clear plan</source>
        <translation>Vaciar el plan</translation>
    </message>
    <message>
        <source>Edit objective</source>
        <translation>Editar objetivo</translation>
    </message>
    <message>
        <source>Objective done</source>
        <translation>Objetivo hecho</translation>
    </message>
    <message>
        <source>How did it go?</source>
        <translation>¿Cómo ha ido?</translation>
    </message>
    <message>
        <source>Drop objective</source>
        <translation>Descartar el objetivo</translation>
    </message>
    <message>
        <source>Why drop it?</source>
        <translation>¿Por qué descartarlo?</translation>
    </message>
    <message>
        <source>Headline for today (may be empty):</source>
        <translation>Titular para hoy (puede quedar vacío):</translation>
    </message>
    <message>
        <source>This replaces the current plan and its objectives.
</source>
        <translation>Esto sustituye el plan actual y sus objetivos.
</translation>
    </message>
    <message>
        <source>New plan</source>
        <translation>Nuevo plan</translation>
    </message>
    <message>
        <source>Clear today's plan? She stops seeing it at once.</source>
        <translation>¿Vaciar el plan de hoy? Deja de verlo al instante.</translation>
    </message>
</context>
<context>
    <name>platform_dock</name>
    <message>
        <source>(removed by a moderator)</source>
        <translation>(borrado por un moderador)</translation>
    </message>
</context>
<context>
    <name>problems</name>
    <message>
        <source>the local API was sent many wrong device tokens from {client}; that address is refused for a while. If no device of yours is misconfigured, someone is guessing: turn off 'Reachable from your network' (Settings → Local API) or revoke tokens you do not know.</source>
        <translation>la API local ha recibido muchos tokens de dispositivo incorrectos desde {client}; esa dirección queda rechazada durante un rato. Si ninguno de tus dispositivos está mal configurado, alguien está intentando adivinarlos: desactiva 'Accesible desde tu red' (Ajustes → API local) o revoca los tokens que no reconozcas.</translation>
    </message>
    <message>
        <source>the local API stays on this computer: it is served on your network only over TLS, and {reason}</source>
        <translation>la API local se queda en este equipo: en la red solo se sirve por TLS, y {reason}</translation>
    </message>
    <message>
        <source>the local API's network setting is settled</source>
        <translation>el ajuste de red de la API local está en orden</translation>
    </message>
    <message>
        <source>The local API could not start: port {port} is taken (change it in Settings → Local API).</source>
        <translation>La API local no ha podido arrancar: el puerto {port} está ocupado (cámbialo en Ajustes → API local).</translation>
    </message>
    <message>
        <source>The local API could not listen on {where} (detail: {detail}).</source>
        <translation>La API local no ha podido escuchar en {where} (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The local API could not start (detail: {detail}).</source>
        <translation>La API local no ha podido arrancar (detalle: {detail}).</translation>
    </message>
    <message>
        <source>{title} could not start (detail: {detail}).</source>
        <translation>{title} no ha podido arrancar (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Her turn failed (detail: {detail}).</source>
        <translation>Su turno ha fallado (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Her turn broke off after she had answered (detail: {detail}).</source>
        <translation>Su turno se cortó cuando ya había respondido (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The briefing took too long; this turn goes without it.</source>
        <translation>El briefing ha tardado demasiado: este turno sigue sin él.</translation>
    </message>
    <message>
        <source>The briefing failed; this turn goes without it (detail: {detail}).</source>
        <translation>El briefing ha fallado: este turno sigue sin él (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The {owner} prompt names tools she was not given: {tools}.</source>
        <translation>El prompt {owner} nombra herramientas que ella no tiene: {tools}.</translation>
    </message>
    <message>
        <source>The model {model} answered in plain text instead of calling her tools, so nobody heard her: its server may drop the tools it is sent (Test connection in Settings → Mind tells).</source>
        <translation>El modelo {model} respondió con texto simple en lugar de llamar a sus herramientas, así que nadie la oyó: puede que su servidor descarte las herramientas que recibe («Probar la conexión» en Ajustes → Mente lo dice).</translation>
    </message>
    <message>
        <source>Her voice failed on a line (detail: {detail}).</source>
        <translation>Su voz ha fallado en una frase (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Not delivered to {channel} (detail: {detail}).</source>
        <translation>No se ha enviado a {channel} (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Not delivered to {channel}: she stopped first. The line: {line}</source>
        <translation>No se ha enviado a {channel}: ella se detuvo antes. La frase: {line}</translation>
    </message>
    <message>
        <source>She couldn't answer: {reason}</source>
        <translation>No ha podido responder: {reason}</translation>
    </message>
    <message>
        <source>She couldn't answer: nothing answers at the address of her model {model}. Is its server (Ollama, LM Studio…) running? (detail: {reason})</source>
        <translation>No ha podido responder: no contesta nadie en la dirección de su modelo {model}. ¿Está en marcha su servidor (Ollama, LM Studio…)? (detalle: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: privacy mode keeps her from her model {model}, which is not on this computer (detail: {reason})</source>
        <translation>No ha podido responder: el modo privado le impide usar su modelo {model}, que no está en este equipo (detalle: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: the server of her model {model} refused its API key; check it in Settings → Mind (detail: {reason})</source>
        <translation>No ha podido responder: el servidor de su modelo {model} ha rechazado la clave de API; revísala en Ajustes → Mente (detalle: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: her model {model} was asked too often and asks her to wait (detail: {reason})</source>
        <translation>No ha podido responder: su modelo {model} ha recibido demasiadas peticiones y le pide que espere (detalle: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: her model {model} took too long (detail: {reason})</source>
        <translation>No ha podido responder: su modelo {model} ha tardado demasiado (detalle: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: the server of her model {model} failed (detail: {reason})</source>
        <translation>No ha podido responder: el servidor de su modelo {model} ha fallado (detalle: {reason})</translation>
    </message>
    <message>
        <source>She couldn't answer: the server of her model {model} refused the request; check the model's name in Settings → Mind (detail: {reason})</source>
        <translation>No ha podido responder: el servidor de su modelo {model} ha rechazado la petición; revisa el nombre del modelo en Ajustes → Mente (detalle: {reason})</translation>
    </message>
    <message>
        <source>{purpose}: privacy mode is on: {where} is not on this machine nor among your own machines (Settings → General), so Bea will not connect to it.</source>
        <translation>{purpose}: el modo privado está activado: {where} no está en este equipo ni entre tus máquinas (Ajustes → General), así que Bea no se conectará.</translation>
    </message>
    <message>
        <source>{purpose}: {where} could not be resolved.</source>
        <translation>{purpose}: no se ha podido resolver {where}.</translation>
    </message>
    <message>
        <source>{purpose}: privacy mode is on: {where} resolves to {address}, which is not on this machine, so Bea will not connect to it.</source>
        <translation>{purpose}: el modo privado está activado y {where} lleva a {address}, que no está en este equipo, así que Bea no se conecta.</translation>
    </message>
    <message>
        <source>{purpose}: privacy mode is on: {where} is one of your own machines (Settings → General), but it resolves to {address}, which is not a private address, so Bea will not connect to it.</source>
        <translation>{purpose}: el modo privado está activado: {where} es una de tus máquinas (Ajustes → General), pero resuelve a {address}, que no es una dirección privada, así que Bea no se conectará.</translation>
    </message>
    <message>
        <source>{purpose}: privacy mode is on: {where} is one of your own machines (Settings → General), but this computer does not know its address: name it in the hosts file, or list its address instead.</source>
        <translation>{purpose}: el modo privado está activado: {where} es una de tus máquinas (Ajustes → General), pero este equipo no conoce su dirección: añádelo al archivo hosts o indica su dirección.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: it was the same as one she sent less than 30 seconds ago.</source>
        <translation>Twitch no ha publicado su mensaje: era igual que otro que envió hace menos de 30 segundos.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: she was sending messages too fast.</source>
        <translation>Twitch no ha publicado su mensaje: estaba enviando mensajes demasiado deprisa.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in slow mode and she wrote again too soon. To let her skip slow mode, make her a moderator there (/mod {her}).</source>
        <translation>Twitch no ha publicado su mensaje: {chan} está en modo lento y ella ha vuelto a escribir demasiado pronto. Para que se salte el modo lento, hazla moderadora allí (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in unique-chat mode and her message was not unique.</source>
        <translation>Twitch no ha publicado su mensaje: {chan} está en modo de chat único y su mensaje no era único.</translation>
    </message>
    <message>
        <source>Twitch's AutoMod is holding her message for a moderator to review: it is not in chat yet.</source>
        <translation>El AutoMod de Twitch retiene su mensaje hasta que lo revise un moderador: todavía no está en el chat.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: it has words the channel's moderation settings block.</source>
        <translation>Twitch no ha publicado su mensaje: tiene palabras que bloquean los ajustes de moderación del canal.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: it had characters Twitch does not allow.</source>
        <translation>Twitch no ha publicado su mensaje: tenía caracteres que Twitch no permite.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: she is timed out in {chan}. Twitch says: {twitch}</source>
        <translation>Twitch no ha publicado su mensaje: está expulsada temporalmente de {chan}. Twitch dice: {twitch}</translation>
    </message>
    <message>
        <source>Twitch did not post her message: her account{login} is banned from {chan}. To let her write, unban her there (/unban {her}).</source>
        <translation>Twitch no ha publicado su mensaje: su cuenta{login} está baneada de {chan}. Para que pueda escribir, quítale el baneo allí (/unban {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: her account{login} is blocked in {chan}. Twitch says: {twitch}</source>
        <translation>Twitch no ha publicado su mensaje: su cuenta{login} está bloqueada en {chan}. Twitch dice: {twitch}</translation>
    </message>
    <message>
        <source>Twitch did not post her message: her Twitch account{login} is suspended, so she cannot write in any chat.</source>
        <translation>Twitch no ha publicado su mensaje: su cuenta de Twitch{login} está suspendida, así que no puede escribir en ningún chat.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: the channel {chan} is suspended.</source>
        <translation>Twitch no ha publicado su mensaje: el canal {chan} está suspendido.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in emote-only mode. Turn it off, or make her a moderator there (/mod {her}).</source>
        <translation>Twitch no ha publicado su mensaje: {chan} está en modo solo emotes. Desactívalo, o hazla moderadora allí (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in subscribers-only mode. Turn it off, or make her a moderator there (/mod {her}) or a VIP (/vip {her}).</source>
        <translation>Twitch no ha publicado su mensaje: {chan} está en modo solo suscriptores. Desactívalo, o hazla moderadora allí (/mod {her}) o VIP (/vip {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in followers-only mode and her account does not follow it long enough. Follow {chan} with her account, turn the mode off, or make her a moderator there (/mod {her}).</source>
        <translation>Twitch no ha publicado su mensaje: {chan} está en modo solo seguidores y su cuenta no lo sigue desde hace suficiente tiempo. Sigue a {chan} con su cuenta, desactiva el modo, o hazla moderadora allí (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in followers-only mode and her account has not followed it long enough. Turn the mode off, or make her a moderator there (/mod {her}).</source>
        <translation>Twitch no ha publicado su mensaje: {chan} está en modo solo seguidores y su cuenta no lo sigue desde hace suficiente tiempo. Desactiva el modo, o hazla moderadora allí (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} is in followers-only mode and her account does not follow it. Follow {chan} with her account, turn the mode off, or make her a moderator there (/mod {her}).</source>
        <translation>Twitch no ha publicado su mensaje: {chan} está en modo solo seguidores y su cuenta no lo sigue. Sigue a {chan} con su cuenta, desactiva el modo, o hazla moderadora allí (/mod {her}).</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} only lets accounts with a verified email write. Verify the email of her Twitch account{login}.</source>
        <translation>Twitch no ha publicado su mensaje: en {chan} solo pueden escribir las cuentas con un correo verificado. Verifica el correo de su cuenta de Twitch{login}.</translation>
    </message>
    <message>
        <source>Twitch did not post her message: {chan} only lets accounts with a verified phone number write. Verify a phone number on her Twitch account{login}.</source>
        <translation>Twitch no ha publicado su mensaje: en {chan} solo pueden escribir las cuentas con un número de teléfono verificado. Verifica un número de teléfono en su cuenta de Twitch{login}.</translation>
    </message>
    <message>
        <source>Twitch did not post her message. Twitch says: {twitch}</source>
        <translation>Twitch no ha publicado su mensaje. Twitch dice: {twitch}</translation>
    </message>
    <message>
        <source>She could not turn the stream into memories yet; she tries again later (detail: {detail}).</source>
        <translation>Todavía no ha podido convertir el directo en recuerdos; lo volverá a intentar más tarde (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The recap could not be written; the window stays whole and it retries in 5 minutes (detail: {detail}).</source>
        <translation>No se ha podido escribir el resumen: la ventana se queda entera y se vuelve a intentar en 5 minutos (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Privacy mode is on, so she will not use {models}: not on this computer. Choose a model on this computer, or switch privacy mode off.</source>
        <translation>El modo privacidad está activado, así que no usará {models}: no están en este ordenador. Elige un modelo en este ordenador o desactiva el modo privacidad.</translation>
    </message>
    <message>
        <source>Her memory could not load (detail: {detail}).</source>
        <translation>Su memoria no se ha podido cargar (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Re-embedding her memories stopped; what is left is done at the next start (detail: {detail}).</source>
        <translation>El recálculo de sus recuerdos se ha detenido; lo que falta se hará en el próximo arranque (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Her dream failed (detail: {detail}).</source>
        <translation>Su sueño ha fallado (detalle: {detail}).</translation>
    </message>
    <message>
        <source>PortAudio is not installed, so Bea can neither hear nor speak aloud: install it (Debian/Ubuntu: apt-get install libportaudio2; Fedora: dnf install portaudio) and restart (detail: {detail}).</source>
        <translation>PortAudio no está instalado, así que Bea no puede ni oír ni hablar en voz alta: instálalo (Debian/Ubuntu: apt-get install libportaudio2; Fedora: dnf install portaudio) y reinicia (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The sounddevice package is not installed (detail: {detail}).</source>
        <translation>El paquete sounddevice no está instalado (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The speakers could not be opened (detail: {detail}).</source>
        <translation>No se han podido abrir los altavoces (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The microphone could not be opened (detail: {detail}).</source>
        <translation>No se ha podido abrir el micrófono (detalle: {detail}).</translation>
    </message>
    <message>
        <source>She cannot hear the Discord call: its audio does not open or decode (detail: {why}). Leave and join the call again.</source>
        <translation>No puede oír la llamada de Discord: su audio no se abre o no se descodifica (detalle: {why}). Sal de la llamada y vuelve a entrar.</translation>
    </message>
    <message>
        <source>Streamlabs: no socket token is set (Settings → Donations).</source>
        <translation>Streamlabs: falta el socket token (Ajustes → Donaciones).</translation>
    </message>
    <message>
        <source>Streamlabs refused the socket token: check it in Settings → Donations (detail: {detail}).</source>
        <translation>Streamlabs ha rechazado el socket token: revísalo en Ajustes → Donaciones (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Streamlabs could not be reached (detail: {detail}).</source>
        <translation>No se ha podido llegar a Streamlabs (detalle: {detail}).</translation>
    </message>
    <message>
        <source>A Streamlabs event was not read (detail: {detail}).</source>
        <translation>No se ha leído un evento de Streamlabs (detalle: {detail}).</translation>
    </message>
    <message>
        <source>A Streamlabs tip could not be stored (detail: {detail}).</source>
        <translation>No se ha podido guardar una donación de Streamlabs (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The caption source “{source}” could not be updated (detail: {detail}).</source>
        <translation>No se ha podido actualizar la fuente de subtítulos “{source}” (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The stream session could not be opened (detail: {detail}).</source>
        <translation>No se ha podido abrir la sesión del directo (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The stream session could not be closed (detail: {detail}).</source>
        <translation>No se ha podido cerrar la sesión del directo (detalle: {detail}).</translation>
    </message>
    <message>
        <source>OBS is not answering at {where}. Is OBS running, with its WebSocket server on (Tools → WebSocket Server Settings)?</source>
        <translation>OBS no responde en {where}. ¿Está OBS abierto, con su servidor WebSocket activado (Herramientas → Configuración del servidor WebSocket)?</translation>
    </message>
    <message>
        <source>Something at {where} answered, but it is not OBS's WebSocket server.</source>
        <translation>En {where} ha respondido algo, pero no es el servidor WebSocket de OBS.</translation>
    </message>
    <message>
        <source>OBS at {where} did not answer in time.</source>
        <translation>OBS en {where} no ha respondido a tiempo.</translation>
    </message>
    <message>
        <source>The OBS host name {host} is not known: check the address in Settings → OBS.</source>
        <translation>No se conoce el nombre de host de OBS {host}: revisa la dirección en Ajustes → OBS.</translation>
    </message>
    <message>
        <source>Bea could not reach OBS at {where} (detail: {detail}).</source>
        <translation>Bea no ha podido llegar a OBS en {where} (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Bea could not connect to OBS at {where} (detail: {detail}).</source>
        <translation>Bea no ha podido conectarse a OBS en {where} (detalle: {detail}).</translation>
    </message>
    <message>
        <source>OBS at {where} did not answer as obs-websocket 5 does: is OBS 28 or newer? (detail: {detail})</source>
        <translation>OBS en {where} no ha respondido como lo hace obs-websocket 5: ¿tienes OBS 28 o más reciente? (detalle: {detail})</translation>
    </message>
    <message>
        <source>OBS at {where} closed the connection (detail: {detail}).</source>
        <translation>OBS en {where} ha cerrado la conexión (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Privacy mode is on, so Bea reaches only this computer: OBS at {where} is out of her reach (detail: {detail}).</source>
        <translation>El modo privado está activado, así que Bea solo llega a este equipo: OBS en {where} está fuera de su alcance (detalle: {detail}).</translation>
    </message>
    <message>
        <source>OBS asks for a WebSocket password and none is set. Copy it from OBS (Tools → WebSocket Server Settings → Show Connect Info) into Settings → OBS.</source>
        <translation>OBS pide una contraseña de WebSocket y no hay ninguna configurada. Cópiala de OBS (Herramientas → Configuración del servidor WebSocket → Mostrar información de conexión) en Ajustes → OBS.</translation>
    </message>
    <message>
        <source>OBS refused the password. Copy it from OBS (Tools → WebSocket Server Settings → Show Connect Info) into Settings → OBS; Bea does not try again until then.</source>
        <translation>OBS ha rechazado la contraseña. Cópiala de OBS (Herramientas → Configuración del servidor WebSocket → Mostrar información de conexión) en Ajustes → OBS; hasta entonces Bea no vuelve a intentarlo.</translation>
    </message>
    <message>
        <source>OBS speaks a different version of the obs-websocket protocol. Update OBS (28 or newer) or Bea.</source>
        <translation>OBS habla otra versión del protocolo obs-websocket. Actualiza OBS (28 o más reciente) o Bea.</translation>
    </message>
    <message>
        <source>Lost the connection to OBS at {where}.</source>
        <translation>Se ha perdido la conexión con OBS en {where}.</translation>
    </message>
    <message>
        <source>OBS at {where} is not answering: nothing came back in {seconds} s. Her OBS tools are away until it answers again.</source>
        <translation>OBS en {where} no responde: no llegó nada en {seconds} s. Sus herramientas de OBS quedan apartadas hasta que vuelva a responder.</translation>
    </message>
    <message>
        <source>Trying again in {delay} s.</source>
        <translation>Nuevo intento en {delay} s.</translation>
    </message>
    <message>
        <source>If you don't use OBS, switch it off in Settings → Skills.</source>
        <translation>Si no usas OBS, apágalo en Ajustes → Habilidades.</translation>
    </message>
    <message>
        <source>Connecting to OBS at {where}…</source>
        <translation>Conectando con OBS en {where}…</translation>
    </message>
    <message>
        <source>Connected to OBS{version} at {where}.</source>
        <translation>Conectada a OBS{version} en {where}.</translation>
    </message>
    <message>
        <source>OBS control is off.</source>
        <translation>El control de OBS está apagado.</translation>
    </message>
    <message>
        <source>OBS is closing.</source>
        <translation>OBS se está cerrando.</translation>
    </message>
    <message>
        <source>Getting to Know You failed (detail: {detail}).</source>
        <translation>Conozcámonos se ha interrumpido por un error (detalle: {detail}).</translation>
    </message>
    <message>
        <source>{title}: something she was keeping could not be stored (detail: {detail}).</source>
        <translation>{title}: no ha podido guardar algo que estaba guardando (detalle: {detail}).</translation>
    </message>
    <message>
        <source>{title} stopped, and trying again cannot help until the settings change (detail: {detail}).</source>
        <translation>{title} se ha detenido, y volver a intentarlo no servirá hasta que cambien los ajustes (detalle: {detail}).</translation>
    </message>
    <message>
        <source>{title} refused her bot token: check it in Settings → {title} (detail: {detail}).</source>
        <translation>{title} ha rechazado el token de su bot: revísalo en Ajustes → {title} (detalle: {detail}).</translation>
    </message>
    <message>
        <source>{title} refused what her bot asks to read (its intents): turn them on for her bot in the developer portal (detail: {detail}).</source>
        <translation>{title} ha rechazado lo que su bot pide leer (sus intents): actívalos para su bot en el portal para desarrolladores (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Another program is reading with the same {title} bot token, and only one can (detail: {detail}).</source>
        <translation>Otro programa está leyendo con el mismo token del bot de {title}, y solo puede hacerlo uno (detalle: {detail}).</translation>
    </message>
    <message>
        <source>{title} is not answering; Bea tries again by herself, and her {title} tools are away meanwhile (detail: {detail}).</source>
        <translation>{title} no responde; Bea lo vuelve a intentar sola, y mientras tanto sus herramientas de {title} quedan apartadas (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The stage cannot listen on port {port}: pick another port in Settings → Stage (detail: {detail}).</source>
        <translation>El escenario no puede escuchar en el puerto {port}: elige otro puerto en Ajustes → Escenario (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Port {port} is still held by another program, so the stage is off: OBS and this window cannot show her. Quit that program, then switch the stage off and on; or pick another port in Settings → Stage (and in OBS's browser source). (detail: {detail})</source>
        <translation>El puerto {port} sigue ocupado por otro programa, así que el escenario está apagado: ni OBS ni esta ventana pueden mostrarla. Cierra ese programa y luego apaga y vuelve a encender el escenario; o elige otro puerto en Ajustes → Escenario (y en la fuente de navegador de OBS). (detalle: {detail})</translation>
    </message>
    <message>
        <source>Port {port}, where OBS reads the stage, is held by another program. Bea tries again every {every} s: quit that program, or pick another port in Settings → Stage. (detail: {detail})</source>
        <translation>El puerto {port}, desde el que OBS lee el escenario, está ocupado por otro programa. Bea lo vuelve a intentar cada {every} s: cierra ese programa, o elige otro puerto en Ajustes → Escenario. (detalle: {detail})</translation>
    </message>
    <message>
        <source>Her avatar is not shown: {why}</source>
        <translation>Su avatar no se ve: {why}</translation>
    </message>
    <message>
        <source>Her avatar is shown.</source>
        <translation>Su avatar se ve.</translation>
    </message>
    <message>
        <source>Twitch refused her login: check her token in Settings → Twitch (detail: {detail}).</source>
        <translation>Twitch ha rechazado su inicio de sesión: revisa su token en Ajustes → Twitch (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Twitch chat could not connect, and trying again cannot help until the settings change (detail: {detail}).</source>
        <translation>El chat de Twitch no ha podido conectarse, y volver a intentarlo no servirá hasta que cambien los ajustes (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Her Twitch settings changed: a refusal of her messages is said again if it still holds.</source>
        <translation>Sus ajustes de Twitch han cambiado: si sus mensajes se siguen rechazando, te lo volverá a decir.</translation>
    </message>
    <message>
        <source>Twitch posts her messages again.</source>
        <translation>Twitch vuelve a publicar sus mensajes.</translation>
    </message>
    <message>
        <source>no audio devices were found</source>
        <translation>no se ha encontrado ninguno</translation>
    </message>
    <message>
        <source>Her ears could not load, so she can't hear you (detail: {detail}).</source>
        <translation>Sus oídos no se han podido cargar, así que no puede oírte (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Her voice could not load, so she can't speak aloud (detail: {detail}).</source>
        <translation>Su voz no se ha podido cargar, así que no puede hablar en voz alta (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Her voice is not the one for your language (detail: {detail}).</source>
        <translation>Su voz no es la de tu idioma (detalle: {detail}).</translation>
    </message>
    <message>
        <source>No audio device: she can't hear you or speak aloud. The Voice dock says why and how to fix it.</source>
        <translation>No hay dispositivo de audio: no puede oírte ni hablar en voz alta. El panel Voz te dice por qué y cómo arreglarlo.</translation>
    </message>
    <message>
        <source>No audio device: she can't hear you. The Voice dock says why and how to fix it.</source>
        <translation>No hay dispositivo de audio: no puede oírte. El panel Voz te dice por qué y cómo arreglarlo.</translation>
    </message>
    <message>
        <source>No audio device: she can't speak aloud. The Voice dock says why and how to fix it.</source>
        <translation>No hay dispositivo de audio: no puede hablar en voz alta. El panel Voz te dice por qué y cómo arreglarlo.</translation>
    </message>
    <message>
        <source>Voice could not start: {why}</source>
        <translation>La voz no ha podido arrancar: {why}</translation>
    </message>
    <message>
        <source>No audio device (detail: {detail}).</source>
        <translation>No hay dispositivo de audio (detalle: {detail}).</translation>
    </message>
    <message>
        <source>No audio device:</source>
        <translation>No hay dispositivo de audio:</translation>
    </message>
    <message>
        <source>She speaks into silence: captions and lip sync still work.</source>
        <translation>Habla en silencio: los subtítulos y la sincronización labial siguen funcionando.</translation>
    </message>
    <message>
        <source>Voice stopped</source>
        <translation>Voz detenida</translation>
    </message>
    <message>
        <source>Her voice is not taken out of the microphone (detail: {detail}); wear headphones or use push to talk.</source>
        <translation>Su voz no se quita del micrófono (detalle: {detail}); usa auriculares o pulsa para hablar.</translation>
    </message>
    <message>
        <source>Her voice broke off mid-line (detail: {detail}).</source>
        <translation>Su voz se ha cortado a mitad de frase (detalle: {detail}).</translation>
    </message>
    <message>
        <source>YouTube chat stopped (detail: {detail}).</source>
        <translation>El chat de YouTube se ha detenido (detalle: {detail}).</translation>
    </message>
    <message>
        <source>A Super Chat was not read (detail: {detail}).</source>
        <translation>No se ha leído un Super Chat (detalle: {detail}).</translation>
    </message>
    <message>
        <source>The chat check that reads what a line means could not run, so only its word rules guard her now (detail: {detail}).</source>
        <translation>La comprobación del chat que lee el sentido de una línea no pudo ejecutarse: ahora solo la protegen las reglas de palabras (detalle: {detail}).</translation>
    </message>
    <message>
        <source>Her ears on {server} do not answer: {why}. Meanwhile she hears on the next place listed, this computer last.</source>
        <translation>Sus oídos en {server} no responden: {why}. Mientras tanto escucha en el siguiente lugar de la lista, este equipo el último.</translation>
    </message>
    <message>
        <source>Her voice on {server} does not answer: {why}. Meanwhile she speaks from the next place listed, this computer last.</source>
        <translation>Su voz en {server} no responde: {why}. Mientras tanto habla desde el siguiente lugar de la lista, este equipo el último.</translation>
    </message>
    <message>
        <source>Her ears on {server} answer again.</source>
        <translation>Sus oídos en {server} vuelven a responder.</translation>
    </message>
    <message>
        <source>Her voice on {server} answers again.</source>
        <translation>Su voz en {server} vuelve a responder.</translation>
    </message>
</context>
<context>
    <name>problems_panel</name>
    <message>
        <source>Hide this line; it comes back if it happens again.</source>
        <translation>Oculta esta línea; vuelve si ocurre otra vez.</translation>
    </message>
    <message>
        <source>Settings → {title}</source>
        <translation>Ajustes → {title}</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <source>Show only the first problem</source>
        <translation>Mostrar solo el primer problema</translation>
    </message>
    <message>
        <source>Show every problem</source>
        <translation>Mostrar todos los problemas</translation>
    </message>
</context>
<context>
    <name>prompt_diff</name>
    <message>
        <source>edited by you</source>
        <translation>editado por ti</translation>
    </message>
    <message>
        <source>as shipped</source>
        <translation>original</translation>
    </message>
    <message>
        <source>Prompt changes</source>
        <translation>Cambios en los prompts</translation>
    </message>
    <message>
        <source>Bea's soul and operating manual are files you can edit, in {folder}. Bea never overwrites a file you edited; here is how yours differ from what ships.</source>
        <translation>El alma y el manual de funcionamiento de Bea son archivos que puedes editar, en {folder}. Bea nunca sobrescribe un archivo que hayas editado; aquí ves en qué se diferencian los tuyos de los originales.</translation>
    </message>
    <message>
        <source>Open the file</source>
        <translation>Abrir el archivo</translation>
    </message>
    <message>
        <source>Restore the shipped text</source>
        <translation>Restaurar el texto original</translation>
    </message>
    <message>
        <source>{name}.md: {state}</source>
        <translation>{name}.md: {state}</translation>
    </message>
    <message>
        <source>Your {name}.md is exactly as shipped.</source>
        <translation>Tu {name}.md es idéntico al original.</translation>
    </message>
    <message>
        <source>The shipped text changed since you edited it; lines marked - are what ships now, lines marked + are yours.</source>
        <translation>El texto original ha cambiado desde que lo editaste; las líneas con - son el original de ahora, las líneas con + son las tuyas.</translation>
    </message>
    <message>
        <source>Lines marked - are what ships, lines marked + are yours.</source>
        <translation>Las líneas con - son el original, las líneas con + son las tuyas.</translation>
    </message>
    <message>
        <source>Your {name}.md is yours: Bea uses it as you wrote it. </source>
        <translation>Tu {name}.md es tuyo: Bea lo usa tal como lo escribiste. </translation>
    </message>
    <message>
        <source>(your file cannot be read as UTF-8 text)</source>
        <translation>(tu archivo no se puede leer como texto UTF-8)</translation>
    </message>
    <message>
        <source>Cannot open the file</source>
        <translation>No se puede abrir el archivo</translation>
    </message>
    <message>
        <source>No program opened {path}; open it in any text editor.</source>
        <translation>Ningún programa ha abierto {path}; ábrelo con cualquier editor de texto.</translation>
    </message>
    <message>
        <source>Restore the shipped {name}.md?</source>
        <translation>¿Restaurar el {name}.md original?</translation>
    </message>
    <message>
        <source>Your edits to {name}.md will be replaced by the text Bea ships. Your version is kept next to it as {name}.previous.md.</source>
        <translation>Tus cambios en {name}.md se sustituirán por el texto original de Bea. Tu versión se guarda al lado como {name}.previous.md.</translation>
    </message>
    <message>
        <source>Not restored</source>
        <translation>No restaurado</translation>
    </message>
</context>
<context>
    <name>secrets</name>
    <message>
        <source>the system keyring</source>
        <translation>en el llavero del sistema</translation>
    </message>
    <message>
        <source>Bea's encrypted memory file, since this machine has no keyring</source>
        <translation>en el archivo cifrado de la memoria de Bea, ya que este equipo no tiene llavero</translation>
    </message>
    <message>
        <source>memory for this run only (there is no keyring here)</source>
        <translation>solo en memoria, durante esta ejecución (aquí no hay llavero)</translation>
    </message>
</context>
<context>
    <name>settings</name>
    <message>
        <source>As the system</source>
        <translation>Como el sistema</translation>
    </message>
    <message>
        <source>Her name</source>
        <translation>Su nombre</translation>
    </message>
    <message>
        <source>The name she answers to and signs with.</source>
        <translation>El nombre al que responde y con el que firma.</translation>
    </message>
    <message>
        <source>Log detail</source>
        <translation>Detalle del registro</translation>
    </message>
    <message>
        <source>How much goes to the log file in the data folder (DEBUG for a bug report).</source>
        <translation>Cuánto se escribe en el archivo de registro de la carpeta de datos (DEBUG para informar de un error).</translation>
    </message>
    <message>
        <source>Her models</source>
        <translation>Sus modelos</translation>
    </message>
    <message>
        <source>The models she thinks with, tried in turn, as provider:model (ollama:qwen2.5:7b, openai:gpt-4o-mini), or a server's address (http://127.0.0.1:8080/v1); local:smollm2 is the tiny built-in model. Empty: she sleeps.</source>
        <translation>Los modelos con los que piensa, probados por orden, como proveedor:modelo (ollama:qwen2.5:7b, openai:gpt-4o-mini), o la dirección de un servidor (http://127.0.0.1:8080/v1); local:smollm2 es el pequeño modelo integrado. Vacío: duerme.</translation>
    </message>
    <message>
        <source>Models for background work</source>
        <translation>Modelos para el trabajo en segundo plano</translation>
    </message>
    <message>
        <source>Models for her diary, dreams and profiles, so that work never slows her answers. Empty: the models above.</source>
        <translation>Modelos para su diario, sus sueños y los perfiles, para que ese trabajo nunca frene sus respuestas. Vacío: los de arriba.</translation>
    </message>
    <message>
        <source>Server addresses</source>
        <translation>Direcciones de los servidores</translation>
    </message>
    <message>
        <source>Where a provider's server is, when not at its usual address: provider=url, for example ollama=http://10.0.0.5:11434/v1.</source>
        <translation>Dónde está el servidor de un proveedor, si no está en su dirección habitual: proveedor=url, por ejemplo ollama=http://10.0.0.5:11434/v1.</translation>
    </message>
    <message>
        <source>Other names for her</source>
        <translation>Otros nombres</translation>
    </message>
    <message>
        <source>Other names she answers to in chat (her own name is under General).</source>
        <translation>Otros nombres a los que responde en el chat (su propio nombre está en General).</translation>
    </message>
    <message>
        <source>Words that catch her ear</source>
        <translation>Palabras que le llaman la atención</translation>
    </message>
    <message>
        <source>Names and words that make a line more interesting to her: the game, a running joke.</source>
        <translation>Nombres y palabras que hacen que una línea le interese más: el juego, una broma recurrente.</translation>
    </message>
    <message>
        <source>Her quiet hours</source>
        <translation>Sus horas de silencio</translation>
    </message>
    <message>
        <source>When she does not chime in unless spoken to, as HH:MM-HH:MM in this computer's time (23:00-07:00 wraps midnight).</source>
        <translation>Cuándo no interviene salvo que le hablen, como HH:MM-HH:MM en la hora de este equipo (23:00-07:00 pasa la medianoche).</translation>
    </message>
    <message>
        <source>Words she never says on stream</source>
        <translation>Palabras que nunca dice en directo</translation>
    </message>
    <message>
        <source>Words and phrases of yours that she never says out loud, in chat or in captions: a line holding one is not said, and the Activity dock tells you. Slurs and the worst of English and Italian are never said already; profanity is masked.</source>
        <translation>Palabras y frases tuyas que nunca dice, ni en voz alta, ni en el chat, ni en los subtítulos: una frase que contenga una no se dice, y el panel Actividad te avisa. Los insultos y lo peor del inglés y del italiano ya no los dice nunca; las palabrotas se tapan.</translation>
    </message>
    <message>
        <source>Words she may say after all</source>
        <translation>Palabras que sí puede decir</translation>
    </message>
    <message>
        <source>Words the on-air filter would mask that are fine on your stream (a town, a game, your community's word).</source>
        <translation>Palabras que el filtro de antena taparía pero que en tu directo están bien (una ciudad, un juego, una palabra de tu comunidad).</translation>
    </message>
    <message>
        <source>Conversation she keeps (tokens)</source>
        <translation>Conversación que guarda (tokens)</translation>
    </message>
    <message>
        <source>The most tokens her conversation window may hold (150k to 500k); a model with a smaller context keeps it to half of that context.</source>
        <translation>El máximo de tokens que puede tener su ventana de conversación (de 150k a 500k); con un modelo de contexto más pequeño se queda en la mitad de ese contexto.</translation>
    </message>
    <message>
        <source>Recap starts at (tokens)</source>
        <translation>El resumen empieza en (tokens)</translation>
    </message>
    <message>
        <source>Where she starts writing a recap of older talk; 0: at four fifths of the window.</source>
        <translation>Cuándo empieza a resumir lo que se habló antes; 0: a los cuatro quintos de la ventana.</translation>
    </message>
    <message>
        <source>Kept word for word (tokens)</source>
        <translation>Palabra por palabra (tokens)</translation>
    </message>
    <message>
        <source>How much recent talk a recap leaves word for word; 0: one fifth of the window.</source>
        <translation>Cuánto de lo hablado recientemente deja un resumen palabra por palabra; 0: un quinto de la ventana.</translation>
    </message>
    <message>
        <source>A mood fades in (minutes)</source>
        <translation>Un ánimo se desvanece en (minutos)</translation>
    </message>
    <message>
        <source>How long a feeling takes to fade halfway back to calm.</source>
        <translation>Cuánto tarda una emoción en volver a medio camino hacia la calma.</translation>
    </message>
    <message>
        <source>Model calls per turn</source>
        <translation>Llamadas al modelo por turno</translation>
    </message>
    <message>
        <source>The most model calls one turn may take (thinking, tools, answering).</source>
        <translation>El máximo de llamadas al modelo en un turno (pensar, herramientas, responder).</translation>
    </message>
    <message>
        <source>Quiet before she notices (seconds)</source>
        <translation>Silencio antes de notarlo (segundos)</translation>
    </message>
    <message>
        <source>How long the stream is silent before she notices it.</source>
        <translation>Cuánto tiempo tiene que estar en silencio el directo antes de que lo note.</translation>
    </message>
    <message>
        <source>Cool-down after answering (seconds)</source>
        <translation>Pausa tras responder (segundos)</translation>
    </message>
    <message>
        <source>After she answers, how long a newcomer's line in the same conversation counts for less.</source>
        <translation>Después de responder, durante cuánto tiempo cuenta menos la línea de un recién llegado en la misma conversación.</translation>
    </message>
    <message>
        <source>Wait for a first word (seconds)</source>
        <translation>Espera de la primera palabra (segundos)</translation>
    </message>
    <message>
        <source>How long she waits for a model to begin answering before she gives up on it; 0: as long as the prompt takes at the speed measured for that model.</source>
        <translation>Cuánto espera a que un modelo empiece a responder antes de dejarlo; 0: lo que tarde el prompt a la velocidad medida para ese modelo.</translation>
    </message>
    <message>
        <source>What her servers showed</source>
        <translation>Lo que mostraron sus servidores</translation>
    </message>
    <message>
        <source>Measured for each model as she uses it: how fast it reads a prompt and how many tokens it holds.</source>
        <translation>Medido para cada modelo mientras ella lo usa: qué tan rápido lee un prompt y cuántos tokens admite.</translation>
    </message>
    <message>
        <source>Prices (USD per 1M tokens)</source>
        <translation>Precios (USD por 1M de tokens)</translation>
    </message>
    <message>
        <source>What a cloud model costs, as model=input/output (openai:gpt-4o-mini=0.15/0.60); the Turn Log shows each turn's cost. Models on this computer cost nothing.</source>
        <translation>Lo que cuesta un modelo en la nube, como modelo=entrada/salida (openai:gpt-4o-mini=0.15/0.60); el Registro de turnos muestra el coste de cada turno. Los modelos de este equipo no cuestan nada.</translation>
    </message>
    <message>
        <source>Privacy mode</source>
        <translation>Modo privado</translation>
    </message>
    <message>
        <source>Nothing leaves this computer: only models, voices and services running on it are used, and those on your own machines listed below.</source>
        <translation>Nada sale de este equipo: solo se usan modelos, voces y servicios que funcionan en él, y los de tus máquinas indicadas abajo.</translation>
    </message>
    <message>
        <source>Your own machines</source>
        <translation>Tus propias máquinas</translation>
    </message>
    <message>
        <source>Other computers of yours on your home network that privacy mode may reach (a model server, OBS on a streaming PC): each by its private address (192.168.1.20, 10.0.0.5, fd00::5) or its name (studio-pc.local, or a name your hosts file gives a private address). Empty: this computer only.</source>
        <translation>Otros equipos tuyos en la red de casa a los que el modo privado puede llegar (un servidor de modelos, OBS en un PC de streaming): cada uno por su dirección privada (192.168.1.20, 10.0.0.5, fd00::5) o su nombre (studio-pc.local, o un nombre al que tu archivo hosts da una dirección privada). Vacío: solo este equipo.</translation>
    </message>
    <message>
        <source>Start in the tray</source>
        <translation>Iniciar en la bandeja</translation>
    </message>
    <message>
        <source>Start with the window hidden in the system tray (when there is one).</source>
        <translation>Iniciar con la ventana oculta en la bandeja del sistema (si la hay).</translation>
    </message>
    <message>
        <source>Window language</source>
        <translation>Idioma de la ventana</translation>
    </message>
    <message>
        <source>The language of the window's labels and messages. Takes effect the next time you start Bea.</source>
        <translation>El idioma de las etiquetas y los mensajes de la ventana. Se aplica la próxima vez que inicies Bea.</translation>
    </message>
    <message>
        <source>Local API for your devices</source>
        <translation>API local para tus dispositivos</translation>
    </message>
    <message>
        <source>Let your devices (a phone, a script) read and correct what Bea knows about you, each with its own token (/api/v1/).</source>
        <translation>Deja que tus dispositivos (un móvil, un script) lean y corrijan lo que Bea sabe de ti, cada uno con su propio token (/api/v1/).</translation>
    </message>
    <message>
        <source>API port</source>
        <translation>Puerto de la API</translation>
    </message>
    <message>
        <source>The TCP port it listens on; 0 picks a free one at each start (the log says which).</source>
        <translation>El puerto TCP en el que escucha; 0 elige uno libre en cada arranque (el registro dice cuál).</translation>
    </message>
    <message>
        <source>Reachable from your network</source>
        <translation>Accesible desde tu red</translation>
    </message>
    <message>
        <source>Let devices on your home network reach it; off, only this computer can. Privacy mode keeps it on this computer whatever this says.</source>
        <translation>Deja que lleguen a ella los dispositivos de tu red doméstica; si está apagado, solo este equipo. El modo privado la mantiene en este equipo diga lo que diga esto.</translation>
    </message>
    <message>
        <source>Largest request (KB)</source>
        <translation>Petición más grande (KB)</translation>
    </message>
    <message>
        <source>Requests with a bigger body are refused (413) before anything is stored.</source>
        <translation>Las peticiones con un cuerpo más grande se rechazan (413) antes de guardar nada.</translation>
    </message>
    <message>
        <source>Switched on</source>
        <translation>Activada</translation>
    </message>
    <message>
        <source>Whether this skill runs. Only you can switch it (Settings → Skills).</source>
        <translation>Si esta habilidad está en marcha. Solo tú puedes activarla o apagarla (Ajustes → Habilidades).</translation>
    </message>
    <message>
        <source>How she tells the hour</source>
        <translation>Cómo dice la hora</translation>
    </message>
    <message>
        <source>24h (18:30) or 12h (6:30 pm), when she says the time.</source>
        <translation>24h (18:30) o 12h (6:30 pm), cuando dice la hora.</translation>
    </message>
    <message>
        <source>Seconds in the dock</source>
        <translation>Segundos en el panel</translation>
    </message>
    <message>
        <source>Show seconds in the Clock dock.</source>
        <translation>Mostrar los segundos en el panel Reloj.</translation>
    </message>
    <message>
        <source>Time zone</source>
        <translation>Zona horaria</translation>
    </message>
    <message>
        <source>Your time zone, such as Europe/Rome; empty means this computer's own zone.</source>
        <translation>Tu zona horaria, por ejemplo Europe/Madrid; vacío significa la de este equipo.</translation>
    </message>
    <message>
        <source>Channels she joins in</source>
        <translation>Canales en los que participa</translation>
    </message>
    <message>
        <source>Server channel ids, comma-separated (Discord: Settings → Advanced → Developer Mode, then right-click a channel → Copy Channel ID). In these she answers when she is mentioned or replied to.</source>
        <translation>ID de los canales del servidor, separados por comas (Discord: Ajustes → Avanzado → Modo desarrollador, luego clic derecho en un canal → Copiar ID del canal). En ellos responde cuando la mencionan o le responden.</translation>
    </message>
    <message>
        <source>People she talks to directly</source>
        <translation>Personas con las que habla en privado</translation>
    </message>
    <message>
        <source>Discord user ids or usernames, comma-separated. Anyone else writing to her directly is ignored (the dock says who tried).</source>
        <translation>ID de usuario o nombres de usuario de Discord, separados por comas. Cualquier otra persona que le escriba en privado se ignora (el panel dice quién lo intentó).</translation>
    </message>
    <message>
        <source>Discord API address</source>
        <translation>Dirección de la API de Discord</translation>
    </message>
    <message>
        <source>Change it only for a test.</source>
        <translation>Cámbiala solo para una prueba.</translation>
    </message>
    <message>
        <source>Her voice channel</source>
        <translation>Su canal de voz</translation>
    </message>
    <message>
        <source>A voice channel id: the dock's Join button starts with it, and the only call she may join herself.</source>
        <translation>El ID de un canal de voz: el botón Entrar del panel empieza por él, y es la única llamada en la que puede entrar ella sola.</translation>
    </message>
    <message>
        <source>She may join the voice channel herself</source>
        <translation>Puede entrar ella sola en el canal de voz</translation>
    </message>
    <message>
        <source>Off: only you join her to a call, from the Discord dock.</source>
        <translation>Apagado: solo tú la metes en una llamada, desde el panel Discord.</translation>
    </message>
    <message>
        <source>She hears the people in the call</source>
        <translation>Oye a las personas de la llamada</translation>
    </message>
    <message>
        <source>On: she listens to each speaker as she listens to you (her ears are the Voice skill's). Off: she joins deafened.</source>
        <translation>Activado: escucha a cada persona que habla como te escucha a ti (sus oídos son los de la habilidad Voz). Apagado: entra sin audio de entrada.</translation>
    </message>
    <message>
        <source>Discord gateway address</source>
        <translation>Dirección del gateway de Discord</translation>
    </message>
    <message>
        <source>Streamlabs tips</source>
        <translation>Donaciones de Streamlabs</translation>
    </message>
    <message>
        <source>Hear tips made on Streamlabs as they happen. Bea connects out to Streamlabs, so it needs no public address (paste your socket token below).</source>
        <translation>Oye las donaciones hechas en Streamlabs en cuanto llegan. Bea se conecta ella misma a Streamlabs, así que no necesita dirección pública (pega abajo tu socket token).</translation>
    </message>
    <message>
        <source>Count Streamlabs test alerts</source>
        <translation>Contar las alertas de prueba de Streamlabs</translation>
    </message>
    <message>
        <source>Treat the test alerts you send from the Streamlabs dashboard as real tips, to try the link (each makes a card).</source>
        <translation>Trata las alertas de prueba que envías desde el panel de control de Streamlabs como donaciones reales, para probar la conexión (cada una crea una ficha).</translation>
    </message>
    <message>
        <source>Streamlabs socket server</source>
        <translation>Socket server de Streamlabs</translation>
    </message>
    <message>
        <source>The Streamlabs socket server. Change it only to test against another server.</source>
        <translation>El socket server de Streamlabs. Cámbialo solo para hacer pruebas con otro servidor.</translation>
    </message>
    <message>
        <source>Chance she speaks up</source>
        <translation>Probabilidad de que intervenga</translation>
    </message>
    <message>
        <source>When it is quiet, the chance (0 to 1) she speaks up on her own.</source>
        <translation>Cuando hay silencio, la probabilidad (de 0 a 1) de que hable por iniciativa propia.</translation>
    </message>
    <message>
        <source>Least gap between (minutes)</source>
        <translation>Intervalo mínimo (minutos)</translation>
    </message>
    <message>
        <source>The least time between two times she speaks up unprompted.</source>
        <translation>El tiempo mínimo entre dos intervenciones espontáneas.</translation>
    </message>
    <message>
        <source>Bring up memories</source>
        <translation>Traer recuerdos</translation>
    </message>
    <message>
        <source>Before each turn, put what she remembers about it in her briefing.</source>
        <translation>Antes de cada turno, pone en su briefing lo que recuerda sobre el tema.</translation>
    </message>
    <message>
        <source>Hour she dreams</source>
        <translation>Hora en que sueña</translation>
    </message>
    <message>
        <source>The hour of the night (0-23) she dreams: she turns the stream into lasting memories.</source>
        <translation>La hora de la noche (0-23) en que sueña: convierte el directo en recuerdos duraderos.</translation>
    </message>
    <message>
        <source>Remember after a pause of (minutes)</source>
        <translation>Recordar tras una pausa de (minutos)</translation>
    </message>
    <message>
        <source>After this many minutes with no chat and no speech, she turns the stream so far into lasting memories, as she does when the stream ends and at night (0: only then).</source>
        <translation>Tras estos minutos sin chat y sin voz, convierte lo que va de directo en recuerdos duraderos, como hace cuando termina el directo y por la noche (0: solo entonces).</translation>
    </message>
    <message>
        <source>Meaning model</source>
        <translation>Modelo del significado</translation>
    </message>
    <message>
        <source>The model her memory reads meaning with: the built-in one or one installed in Settings → Models…. Changing it re-reads every memory in the background.</source>
        <translation>El modelo con el que su memoria lee el significado: el integrado o uno instalado en Ajustes → Modelos…. Si lo cambias, vuelve a leer todos los recuerdos en segundo plano.</translation>
    </message>
    <message>
        <source>Off until you switch it on: Bea connects to OBS only when you stream with it. Only you can switch it (Settings → Skills).</source>
        <translation>Apagada hasta que la actives: Bea se conecta a OBS solo cuando emites con él. Solo tú puedes activarla o apagarla (Ajustes → Habilidades).</translation>
    </message>
    <message>
        <source>OBS address</source>
        <translation>Dirección de OBS</translation>
    </message>
    <message>
        <source>Where OBS runs: 127.0.0.1 for this computer, or the address OBS shows in Tools → WebSocket Server Settings → Show Connect Info.</source>
        <translation>Dónde funciona OBS: 127.0.0.1 para este equipo, o la dirección que OBS muestra en Herramientas → Configuración del servidor WebSocket → Mostrar información de conexión.</translation>
    </message>
    <message>
        <source>OBS WebSocket port</source>
        <translation>Puerto WebSocket de OBS</translation>
    </message>
    <message>
        <source>4455 unless you changed it in OBS. The password is not a setting: it is kept with Bea's secrets (below).</source>
        <translation>4455, salvo que lo hayas cambiado en OBS. La contraseña no es un ajuste: se guarda con los secretos de Bea (abajo).</translation>
    </message>
    <message>
        <source>Scenes she may switch to</source>
        <translation>Escenas a las que puede cambiar</translation>
    </message>
    <message>
        <source>Their exact OBS names, comma-separated. Empty: she cannot switch scenes.</source>
        <translation>Sus nombres exactos en OBS, separados por comas. Vacío: no puede cambiar de escena.</translation>
    </message>
    <message>
        <source>Sources she may show or hide</source>
        <translation>Fuentes que puede mostrar u ocultar</translation>
    </message>
    <message>
        <source>Sources in the current scene, comma-separated. Empty: she cannot show or hide anything.</source>
        <translation>Fuentes de la escena actual, separadas por comas. Vacío: no puede mostrar ni ocultar nada.</translation>
    </message>
    <message>
        <source>Text sources she may write</source>
        <translation>Fuentes de texto en las que puede escribir</translation>
    </message>
    <message>
        <source>Comma-separated. Empty: she cannot set any text.</source>
        <translation>Separadas por comas. Vacío: no puede poner ningún texto.</translation>
    </message>
    <message>
        <source>Text source for captions</source>
        <translation>Fuente de texto para subtítulos</translation>
    </message>
    <message>
        <source>A text source that shows what she says as she speaks. Empty: no captions in OBS.</source>
        <translation>Una fuente de texto que muestra lo que dice mientras habla. Vacío: sin subtítulos en OBS.</translation>
    </message>
    <message>
        <source>Caption stays (seconds)</source>
        <translation>Duración del subtítulo (segundos)</translation>
    </message>
    <message>
        <source>How long a caption stays after her last line (0: until the next).</source>
        <translation>Cuánto se queda un subtítulo después de su última frase (0: hasta el siguiente).</translation>
    </message>
    <message>
        <source>Scene changes pass quietly</source>
        <translation>Cambios de escena en silencio</translation>
    </message>
    <message>
        <source>She notices scene changes, but they never make her speak on their own.</source>
        <translation>Nota los cambios de escena, pero por sí solos nunca la hacen hablar.</translation>
    </message>
    <message>
        <source>Show her who is talking</source>
        <translation>Mostrarle quién habla</translation>
    </message>
    <message>
        <source>Before each turn, show her the cards of the people speaking.</source>
        <translation>Antes de cada turno, le muestra las fichas de las personas que hablan.</translation>
    </message>
    <message>
        <source>Avatar file</source>
        <translation>Archivo del avatar</translation>
    </message>
    <message>
        <source>Her body: a .vrm file (VRoid Studio, UniVRM...), chosen in the Stage dock. Empty: her default body.</source>
        <translation>Su cuerpo: un archivo .vrm (VRoid Studio, UniVRM...), elegido en el panel Escenario. Vacío: su cuerpo predeterminado.</translation>
    </message>
    <message>
        <source>Stage port</source>
        <translation>Puerto del escenario</translation>
    </message>
    <message>
        <source>OBS reads the stage as a Browser source at http://127.0.0.1:&lt;port&gt;/stage (captions: /stage/captions); only this computer can reach it.</source>
        <translation>OBS lee el escenario como fuente de navegador en http://127.0.0.1:&lt;port&gt;/stage (subtítulos: /stage/captions); solo este equipo puede llegar a él.</translation>
    </message>
    <message>
        <source>Behind her</source>
        <translation>Detrás de ella</translation>
    </message>
    <message>
        <source>Transparent (OBS browser sources keep it), a chroma-key colour to key out, or a plain colour.</source>
        <translation>Transparente (las fuentes de navegador de OBS lo respetan), un color de croma para recortar, o un color liso.</translation>
    </message>
    <message>
        <source>Transparent</source>
        <translation>Transparente</translation>
    </message>
    <message>
        <source>Chroma key</source>
        <translation>Croma</translation>
    </message>
    <message>
        <source>Plain colour</source>
        <translation>Color liso</translation>
    </message>
    <message>
        <source>Background colour</source>
        <translation>Color de fondo</translation>
    </message>
    <message>
        <source>The chroma-key or plain colour, as #rrggbb.</source>
        <translation>El color de croma o liso, como #rrggbb.</translation>
    </message>
    <message>
        <source>Framing</source>
        <translation>Encuadre</translation>
    </message>
    <message>
        <source>How much of her the stage shows.</source>
        <translation>Cuánto de ella muestra el escenario.</translation>
    </message>
    <message>
        <source>Full body</source>
        <translation>Cuerpo entero</translation>
    </message>
    <message>
        <source>Upper body</source>
        <translation>Medio cuerpo</translation>
    </message>
    <message>
        <source>Face</source>
        <translation>Cara</translation>
    </message>
    <message>
        <source>She blinks</source>
        <translation>Parpadea</translation>
    </message>
    <message>
        <source>She blinks now and then (when the model has a blink expression).</source>
        <translation>Parpadea de vez en cuando (si el modelo tiene una expresión de parpadeo).</translation>
    </message>
    <message>
        <source>She breathes and sways</source>
        <translation>Respira y se balancea</translation>
    </message>
    <message>
        <source>She breathes and sways a little when idle.</source>
        <translation>Cuando está quieta, respira y se balancea un poco.</translation>
    </message>
    <message>
        <source>Most frames per second</source>
        <translation>Fotogramas por segundo máximos</translation>
    </message>
    <message>
        <source>The most frames per second the stage draws; lower spares your computer.</source>
        <translation>El máximo de fotogramas por segundo que dibuja el escenario; menos le ahorra trabajo a tu equipo.</translation>
    </message>
    <message>
        <source>Mouth opening</source>
        <translation>Apertura de la boca</translation>
    </message>
    <message>
        <source>How wide her mouth opens for a given loudness (1 is normal).</source>
        <translation>Cuánto abre la boca para un volumen dado (1 es lo normal).</translation>
    </message>
    <message>
        <source>How much her face shows</source>
        <translation>Cuánto se le nota en la cara</translation>
    </message>
    <message>
        <source>How strongly her face shows her mood (1: the model's full expression).</source>
        <translation>Con qué fuerza muestra su cara el ánimo (1: la expresión completa del modelo).</translation>
    </message>
    <message>
        <source>Your expression picks</source>
        <translation>Tus expresiones elegidas</translation>
    </message>
    <message>
        <source>Mood word → expression name, e.g. excited=Smile. Other moods are matched to the model's expressions automatically.</source>
        <translation>Palabra de ánimo → nombre de la expresión, p. ej. excited=Smile. Los demás ánimos se asocian solos a las expresiones del modelo.</translation>
    </message>
    <message>
        <source>Mouth follows her words</source>
        <translation>La boca sigue sus palabras</translation>
    </message>
    <message>
        <source>With no voice sending audio levels, move her mouth from the words she says.</source>
        <translation>Si ninguna voz envía niveles de audio, mueve la boca según las palabras que dice.</translation>
    </message>
    <message>
        <source>How long a caption stays on the captions overlay (0: until the next).</source>
        <translation>Cuánto se queda un subtítulo en la capa de subtítulos (0: hasta el siguiente).</translation>
    </message>
    <message>
        <source>Animation clips</source>
        <translation>Clips de animación</translation>
    </message>
    <message>
        <source>.vrma files (VRM Animation), added in the Stage dock; when she says &lt;do:wave&gt;, the clip named wave.vrma plays.</source>
        <translation>Archivos .vrma (VRM Animation), añadidos en el panel Escenario; cuando dice &lt;do:wave&gt;, se reproduce el clip wave.vrma.</translation>
    </message>
    <message>
        <source>Clip she loops when idle</source>
        <translation>Clip en bucle cuando está quieta</translation>
    </message>
    <message>
        <source>Its file name without .vrma; empty: her own breathing and sway.</source>
        <translation>El nombre del archivo sin .vrma; vacío: su propia respiración y balanceo.</translation>
    </message>
    <message>
        <source>People she talks to in private</source>
        <translation>Personas con las que habla en privado</translation>
    </message>
    <message>
        <source>Telegram user ids or @usernames, comma-separated. Anyone else writing to her privately is ignored (the dock says who tried).</source>
        <translation>ID de usuario o @nombres de usuario de Telegram, separados por comas. Cualquier otra persona que le escriba en privado se ignora (el panel dice quién lo intentó).</translation>
    </message>
    <message>
        <source>Groups she joins in</source>
        <translation>Grupos en los que participa</translation>
    </message>
    <message>
        <source>Group chat ids (like -1001234567890) or a public group's @username, comma-separated. In these she answers when she is mentioned or replied to.</source>
        <translation>ID de los grupos (como -1001234567890) o el @username de un grupo público, separados por comas. En ellos responde cuando la mencionan o le responden.</translation>
    </message>
    <message>
        <source>Bot API address</source>
        <translation>Dirección de la Bot API</translation>
    </message>
    <message>
        <source>Change it only for a local Bot API server (or a test).</source>
        <translation>Cámbiala solo para un servidor Bot API local (o para una prueba).</translation>
    </message>
    <message>
        <source>Bot API file address</source>
        <translation>Dirección de archivos de la Bot API</translation>
    </message>
    <message>
        <source>Where voice notes are downloaded from, beside the Bot API address.</source>
        <translation>De dónde se descargan las notas de voz, junto a la dirección de la Bot API.</translation>
    </message>
    <message>
        <source>Your channel</source>
        <translation>Tu canal</translation>
    </message>
    <message>
        <source>Your Twitch login, without #: the chat she joins. Empty: Twitch chat stays off.</source>
        <translation>Tu usuario de Twitch, sin #: el chat en el que entra. Vacío: el chat de Twitch se queda apagado.</translation>
    </message>
    <message>
        <source>Her Twitch login</source>
        <translation>Su usuario de Twitch</translation>
    </message>
    <message>
        <source>Her own Twitch account, to write in chat (reading needs none); writing also needs her OAuth token, below.</source>
        <translation>Su propia cuenta de Twitch, para escribir en el chat (para leer no hace falta); para escribir también necesita su token OAuth, abajo.</translation>
    </message>
    <message>
        <source>Chat server</source>
        <translation>Servidor del chat</translation>
    </message>
    <message>
        <source>The Twitch chat server to connect to.</source>
        <translation>El servidor del chat de Twitch al que conectarse.</translation>
    </message>
    <message>
        <source>Chat server port</source>
        <translation>Puerto del servidor del chat</translation>
    </message>
    <message>
        <source>6697 with an encrypted connection, 6667 without.</source>
        <translation>6697 con conexión cifrada, 6667 sin ella.</translation>
    </message>
    <message>
        <source>Encrypted connection</source>
        <translation>Conexión cifrada</translation>
    </message>
    <message>
        <source>Encrypt the chat connection (TLS). Leave it on for Twitch: with it off she only reads anonymously, and never sends her token.</source>
        <translation>Cifra la conexión con el chat (TLS). Déjala activada para Twitch: si está apagada solo lee de forma anónima y nunca envía su token.</translation>
    </message>
    <message>
        <source>How she hears you</source>
        <translation>Cómo te oye</translation>
    </message>
    <message>
        <source>Push to talk: while you hold the talk key or button. Always on: whenever you speak. Off: she does not listen.</source>
        <translation>Pulsar para hablar: mientras mantienes pulsada la tecla o el botón. Siempre activo: siempre que hablas. Apagado: no escucha.</translation>
    </message>
    <message>
        <source>Push to talk</source>
        <translation>Pulsar para hablar</translation>
    </message>
    <message>
        <source>Always on</source>
        <translation>Siempre activo</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Apagado</translation>
    </message>
    <message>
        <source>Push-to-talk key</source>
        <translation>Tecla para hablar</translation>
    </message>
    <message>
        <source>Hold it while you speak to her (F8, Ctrl+Space, ...): in any app where the system allows, else while Bea has focus. Empty: the button only.</source>
        <translation>Mantenla pulsada mientras le hablas (F8, Ctrl+Space, ...): en cualquier app si el sistema lo permite, si no, cuando Bea tiene el foco. Vacío: solo el botón.</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Micrófono</translation>
    </message>
    <message>
        <source>The microphone she hears you with.</source>
        <translation>El micrófono con el que te oye.</translation>
    </message>
    <message>
        <source>Speakers</source>
        <translation>Altavoces</translation>
    </message>
    <message>
        <source>The speakers or headphones she speaks through.</source>
        <translation>Los altavoces o auriculares por los que habla.</translation>
    </message>
    <message>
        <source>Speech recognition</source>
        <translation>Reconocimiento de voz</translation>
    </message>
    <message>
        <source>How she turns your speech into words: the packaged model (English only), one from Settings → Models…, or a faster-whisper folder.</source>
        <translation>Cómo convierte tu voz en palabras: el modelo incluido (solo inglés), uno de Ajustes → Modelos…, o una carpeta de faster-whisper.</translation>
    </message>
    <message>
        <source>Language you speak</source>
        <translation>Idioma en que hablas</translation>
    </message>
    <message>
        <source>The language you speak to her in. Detect it: she finds out at each sentence. Any language but English uses a multilingual speech model, and the voice installed for that language (auto, en, it, de, ...).</source>
        <translation>El idioma en que le hablas. Detectarlo: lo averigua en cada frase. Cualquier idioma que no sea el inglés usa un modelo de voz multilingüe, y la voz instalada para ese idioma (auto, en, it, de, ...).</translation>
    </message>
    <message>
        <source>Her voice</source>
        <translation>Su voz</translation>
    </message>
    <message>
        <source>The voice she speaks with: the packaged one, one from Settings → Models…, or a Piper .onnx file.</source>
        <translation>La voz con la que habla: la incluida, una de Ajustes → Modelos…, o un archivo .onnx de Piper.</translation>
    </message>
    <message>
        <source>Where she hears</source>
        <translation>Dónde escucha</translation>
    </message>
    <message>
        <source>Where your speech becomes words, tried in order: this computer, a Wyoming server (wyoming://192.168.1.20:10300) or an OpenAI-compatible server (http://192.168.1.20:8000/v1 and the model's name). When one does not answer, the next does, and this computer last. Hearing when you speak stays on this computer: no sound leaves it until you finish a sentence.</source>
        <translation>Dónde tu voz se convierte en palabras, en orden: this computer (este equipo), un servidor Wyoming (wyoming://192.168.1.20:10300) o un servidor compatible con OpenAI (http://192.168.1.20:8000/v1 y el nombre del modelo). Si uno no responde, responde el siguiente, y este equipo el último. Saber cuándo hablas se queda en este equipo: ningún sonido sale hasta que terminas una frase.</translation>
    </message>
    <message>
        <source>Where she speaks</source>
        <translation>Dónde habla</translation>
    </message>
    <message>
        <source>Where her voice is made, tried in order: this computer, a Wyoming server (wyoming://192.168.1.20:10200, optionally followed by a voice) or an OpenAI-compatible server (http://192.168.1.20:8880/v1, the model's name and a voice). When one does not answer, the next does, and this computer last.</source>
        <translation>Dónde se crea su voz, en orden: this computer (este equipo), un servidor Wyoming (wyoming://192.168.1.20:10200, opcionalmente seguido de una voz) o un servidor compatible con OpenAI (http://192.168.1.20:8880/v1, el nombre del modelo y una voz). Si uno no responde, responde el siguiente, y este equipo el último.</translation>
    </message>
    <message>
        <source>You are done after a pause of (ms)</source>
        <translation>Has terminado tras una pausa de (ms)</translation>
    </message>
    <message>
        <source>How long you are silent before she takes it that you are done and answers, when your words do not tell her: she also reads what you said so far, answers a finished sentence once she has read it, and waits up to 1.5 s after one that is not ("so I was thinking that"). Shorter: she is quicker; longer: a pause in the middle of a sentence does not cut it in two.</source>
        <translation>Cuánto tiempo estás en silencio antes de que ella entienda que has terminado y responda, cuando tus palabras no se lo dicen: también lee lo que has dicho hasta ahora, responde a una frase terminada en cuanto la ha leído y espera hasta 1,5 s tras una que no lo está ("así que estaba pensando que"). Más corto: es más rápida; más largo: una pausa en mitad de una frase no la parte en dos.</translation>
    </message>
    <message>
        <source>Hear</source>
        <translation>Escucha</translation>
    </message>
    <message>
        <source>Once she knows your voice (Voice dock, Teach her your voice): "anyone" hears other voices in the room as someone in the room, not as you; "you" leaves them out.</source>
        <translation>Cuando conoce tu voz (panel Voz, Enséñale tu voz): "anyone" oye las otras voces de la sala como alguien en la sala, no como tú; "you" las deja fuera.</translation>
    </message>
    <message>
        <source>Anyone (others as someone in the room)</source>
        <translation>Cualquiera (los demás como alguien en la sala)</translation>
    </message>
    <message>
        <source>Only you</source>
        <translation>Solo a ti</translation>
    </message>
    <message>
        <source>Take her voice out of the microphone</source>
        <translation>Quitar su voz del micrófono</translation>
    </message>
    <message>
        <source>Her own voice from your speakers is cancelled from the microphone (and steady noise lowered), so you can talk over her with speakers, not only with headphones.</source>
        <translation>Su propia voz, que sale de tus altavoces, se cancela del micrófono (y se baja el ruido constante), así puedes hablar por encima de ella con altavoces, no solo con auriculares.</translation>
    </message>
    <message>
        <source>Quieter when you talk (dB)</source>
        <translation>Más baja cuando hablas (dB)</translation>
    </message>
    <message>
        <source>How much quieter she gets when you start talking over her.</source>
        <translation>Cuánto baja la voz cuando empiezas a hablarle por encima.</translation>
    </message>
    <message>
        <source>She stops after (seconds)</source>
        <translation>Se calla tras (segundos)</translation>
    </message>
    <message>
        <source>She stops her line once you have talked over her this long.</source>
        <translation>Deja de hablar cuando le has hablado por encima durante este tiempo.</translation>
    </message>
    <message>
        <source>Your live stream</source>
        <translation>Tu directo</translation>
    </message>
    <message>
        <source>Its link (youtube.com/live/..., watch?v=...) or video id: she reads its chat while you are live. Empty: off.</source>
        <translation>Su enlace (youtube.com/live/..., watch?v=...) o el ID del vídeo: lee su chat mientras estás en directo. Vacío: apagado.</translation>
    </message>
    <message>
        <source>API address</source>
        <translation>Dirección de la API</translation>
    </message>
    <message>
        <source>The YouTube Data API address; change it only to test against another server.</source>
        <translation>La dirección de la YouTube Data API; cámbiala solo para hacer pruebas con otro servidor.</translation>
    </message>
</context>
<context>
    <name>settings_dialog</name>
    <message>
        <source>Bea settings</source>
        <translation>Ajustes de Bea</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Mind</source>
        <translation>Mente</translation>
    </message>
    <message>
        <source>Skills</source>
        <translation>Habilidades</translation>
    </message>
    <message>
        <source>Local API</source>
        <translation>API local</translation>
    </message>
    <message>
        <source>Not saved: {field}: {reason}</source>
        <translation>No se ha guardado: {field}: {reason}</translation>
    </message>
</context>
<context>
    <name>shell_state</name>
    <message>
        <source>live</source>
        <translation>en directo</translation>
    </message>
    <message>
        <source>mind paused</source>
        <translation>mente en pausa</translation>
    </message>
    <message>
        <source>voice muted</source>
        <translation>voz silenciada</translation>
    </message>
    <message>
        <source>privacy mode (local network)</source>
        <translation>modo privado (red local)</translation>
    </message>
    <message>
        <source>privacy mode</source>
        <translation>modo privado</translation>
    </message>
    <message>
        <source>Model: {model}</source>
        <translation>Modelo: {model}</translation>
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
        <translation>Hablas con ella en el panel Chat, aquí en la app, y allí ves por qué no ha podido responder.</translation>
    </message>
    <message>
        <source>Clock</source>
        <translation>Reloj</translation>
    </message>
    <message>
        <source>She knows your local time and date.</source>
        <translation>Conoce tu hora y tu fecha locales.</translation>
    </message>
    <message>
        <source>Discord</source>
        <translation>Discord</translation>
    </message>
    <message>
        <source>She reads and answers written messages on Discord in the channels and from the people you allow, in writing, never out loud.</source>
        <translation>Lee y responde mensajes escritos en Discord en los canales y de las personas que tú permitas, por escrito, nunca en voz alta.</translation>
    </message>
    <message>
        <source>Donations</source>
        <translation>Donaciones</translation>
    </message>
    <message>
        <source>Tips from Ko-fi, Streamlabs or any webhook reach her: she thanks the donor and remembers them.</source>
        <translation>Las donaciones de Ko-fi, Streamlabs o cualquier webhook le llegan a ella: da las gracias a quien dona y lo recuerda.</translation>
    </message>
    <message>
        <source>Idle life</source>
        <translation>Vida en reposo</translation>
    </message>
    <message>
        <source>When the stream goes quiet, she thinks to herself and may speak up on her own.</source>
        <translation>Cuando el directo se queda tranquilo, piensa para sí y puede intervenir por iniciativa propia.</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
    <message>
        <source>She remembers what people said, recalls it when it matters, and dreams it into lasting memories.</source>
        <translation>Recuerda lo que dijo la gente, lo trae a la memoria cuando importa y lo sueña en recuerdos duraderos.</translation>
    </message>
    <message>
        <source>OBS</source>
        <translation>OBS</translation>
    </message>
    <message>
        <source>She switches scenes, shows or hides sources and writes text in OBS, and captions what she says.</source>
        <translation>Cambia de escena, muestra u oculta fuentes y escribe texto en OBS, y subtitula lo que dice.</translation>
    </message>
    <message>
        <source>People</source>
        <translation>Personas</translation>
    </message>
    <message>
        <source>She keeps track of who is in chat and gets to know your regulars.</source>
        <translation>Sabe quién está en el chat y llega a conocer a tus habituales.</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>She learns about you, from what you tell her and what your devices share; correct it in the You dock.</source>
        <translation>Aprende sobre ti, por lo que le cuentas y lo que comparten tus dispositivos; corrígelo en el panel Tú.</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>She follows today's plan from the Plan dock and ticks objectives off as they are done.</source>
        <translation>Sigue el plan de hoy del panel Plan y tacha los objetivos a medida que se cumplen.</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Escenario</translation>
    </message>
    <message>
        <source>Her body: a VRM avatar that moves, blinks and shows her mood, in the app and in OBS.</source>
        <translation>Su cuerpo: un avatar VRM que se mueve, parpadea y muestra su ánimo, en la app y en OBS.</translation>
    </message>
    <message>
        <source>Telegram</source>
        <translation>Telegram</translation>
    </message>
    <message>
        <source>She reads and answers written messages on Telegram from the people and groups you allow, in writing, never out loud.</source>
        <translation>Lee y responde mensajes escritos en Telegram de las personas y los grupos que tú permitas, por escrito, nunca en voz alta.</translation>
    </message>
    <message>
        <source>Twitch</source>
        <translation>Twitch</translation>
    </message>
    <message>
        <source>She reads your Twitch chat and, with her own login, writes in it.</source>
        <translation>Lee tu chat de Twitch y, con su propio usuario, escribe en él.</translation>
    </message>
    <message>
        <source>Voice</source>
        <translation>Voz</translation>
    </message>
    <message>
        <source>She hears you through your microphone and answers out loud in her own voice.</source>
        <translation>Te oye por tu micrófono y responde en voz alta con su propia voz.</translation>
    </message>
    <message>
        <source>YouTube</source>
        <translation>YouTube</translation>
    </message>
    <message>
        <source>She reads the chat of your YouTube live stream; Super Chats count as donations.</source>
        <translation>Lee el chat de tu directo de YouTube; los Super Chats cuentan como donaciones.</translation>
    </message>
</context>
<context>
    <name>skills_page</name>
    <message>
        <source>Switch on what she may do. A skill that is off costs nothing and she cannot switch it on herself.</source>
        <translation>Activa lo que puede hacer. Una habilidad apagada no cuesta nada y ella no puede activarla por su cuenta.</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>Ajustes…</translation>
    </message>
    <message>
        <source>Open the {title} page</source>
        <translation>Abrir la página {title}</translation>
    </message>
</context>
<context>
    <name>stage_dock</name>
    <message>
        <source>Upper body</source>
        <translation>Medio cuerpo</translation>
    </message>
    <message>
        <source>Full body</source>
        <translation>Cuerpo entero</translation>
    </message>
    <message>
        <source>Face</source>
        <translation>Cara</translation>
    </message>
    <message>
        <source>Transparent</source>
        <translation>Transparente</translation>
    </message>
    <message>
        <source>Chroma key</source>
        <translation>Croma</translation>
    </message>
    <message>
        <source>Colour</source>
        <translation>Color</translation>
    </message>
    <message>
        <source>No avatar chosen.</source>
        <translation>No se ha elegido avatar.</translation>
    </message>
    <message>
        <source>{title}, the default avatar (VRM 1.0, public domain). Choose your own .vrm with “Choose avatar…”.</source>
        <translation>{title}, el avatar predeterminado (VRM 1.0, dominio público). Elige tu propio .vrm con “Elegir avatar…”.</translation>
    </message>
    <message>
        <source>{title} (VRM {version}, {file}, {size} KB)</source>
        <translation>{title} (VRM {version}, {file}, {size} KB)</translation>
    </message>
    <message>
        <source> (from the file; the stage has not reported yet)</source>
        <translation> (del archivo; el escenario todavía no ha respondido)</translation>
    </message>
    <message>
        <source>Expressions: {faces}{source}</source>
        <translation>Expresiones: {faces}{source}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
    <message>
        <source>Lip sync: {shapes}</source>
        <translation>Sincronización labial: {shapes}</translation>
    </message>
    <message>
        <source>none (this model has no mouth shapes)</source>
        <translation>ninguna (este modelo no tiene formas de boca)</translation>
    </message>
    <message>
        <source>Blink: yes</source>
        <translation>Parpadeo: sí</translation>
    </message>
    <message>
        <source>Blink: no</source>
        <translation>Parpadeo: no</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>en reposo</translation>
    </message>
    <message>
        <source>the stage cannot play it</source>
        <translation>el escenario no puede reproducirlo</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>listo</translation>
    </message>
    <message>
        <source>{name} (not a clip)</source>
        <translation>{name} (no es un clip)</translation>
    </message>
    <message>
        <source>No page is showing the stage.</source>
        <translation>Ninguna página está mostrando el escenario.</translation>
    </message>
    <message>
        <source>Showing on: </source>
        <translation>Se muestra en: </translation>
    </message>
    <message>
        <source>{client} {page} ({fps:.0f} fps)</source>
        <translation>{client} {page} ({fps:.0f} fps)</translation>
    </message>
    <message>
        <source>Choose avatar…</source>
        <translation>Elegir avatar…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Add clips…</source>
        <translation>Añadir clips…</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>En reposo</translation>
    </message>
    <message>
        <source>Loop this clip whenever she is not playing another one.</source>
        <translation>Repetir este clip siempre que no esté reproduciendo otro.</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Reproducir</translation>
    </message>
    <message>
        <source>Try a mood: excited, sad, curious…</source>
        <translation>Prueba un ánimo: excited, sad, curious…</translation>
    </message>
    <message>
        <source>Copy stage URL</source>
        <translation>Copiar la URL del escenario</translation>
    </message>
    <message>
        <source>Copy captions URL</source>
        <translation>Copiar la URL de los subtítulos</translation>
    </message>
    <message>
        <source>Animation clips (.vrma): &lt;do:name&gt; in her words plays one.</source>
        <translation>Clips de animación (.vrma): &lt;do:name&gt; en sus palabras reproduce uno.</translation>
    </message>
    <message>
        <source>Mood</source>
        <translation>Ánimo</translation>
    </message>
    <message>
        <source>Camera</source>
        <translation>Encuadre</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>Fondo</translation>
    </message>
    <message>
        <source>OBS browser source:</source>
        <translation>Fuente de navegador de OBS:</translation>
    </message>
    <message>
        <source>(not available: see above)</source>
        <translation>(no disponible: mira arriba)</translation>
    </message>
    <message>
        <source>Choose her avatar</source>
        <translation>Elegir su avatar</translation>
    </message>
    <message>
        <source>VRM avatars (*.vrm);;All files (*)</source>
        <translation>Avatares VRM (*.vrm);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Add animation clips</source>
        <translation>Añadir clips de animación</translation>
    </message>
    <message>
        <source>VRM animations (*.vrma);;All files (*)</source>
        <translation>Animaciones VRM (*.vrma);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Playing “{key}”.</source>
        <translation>Reproduciendo “{key}”.</translation>
    </message>
    <message>
        <source>“{word}” → {expression} (for 5 seconds)</source>
        <translation>“{word}” → {expression} (durante 5 segundos)</translation>
    </message>
    <message>
        <source>a neutral face</source>
        <translation>una cara neutra</translation>
    </message>
    <message>
        <source>Copied {url}: in OBS, add a Browser source with it.</source>
        <translation>{url} copiada: en OBS, añade una fuente de navegador con ella.</translation>
    </message>
</context>
<context>
    <name>stage_page</name>
    <message>
        <source>Waiting for Bea…</source>
        <translation>Esperando a Bea…</translation>
    </message>
    <message>
        <source>No avatar yet: choose a .vrm file in the Stage dock.</source>
        <translation>Todavía no hay avatar: elige un archivo .vrm en el panel Escenario.</translation>
    </message>
    <message>
        <source>Loading “{name}”…</source>
        <translation>Cargando “{name}”…</translation>
    </message>
    <message>
        <source>Her avatar cannot be drawn here: this view has no WebGL (3D graphics), so the stage stays empty ({why}).</source>
        <translation>Su avatar no se puede dibujar aquí: esta vista no tiene WebGL (gráficos 3D), así que el escenario se queda vacío ({why}).</translation>
    </message>
    <message>
        <source>The stage could not start: its three.js files are missing (run npm ci in the stage folder).</source>
        <translation>El escenario no ha podido arrancar: faltan sus archivos de three.js (ejecuta npm ci en la carpeta stage).</translation>
    </message>
</context>
<context>
    <name>stage_settings</name>
    <message>
        <source>Empty: her default body (the Stage dock picks a file)</source>
        <translation>Vacío: su cuerpo predeterminado (el archivo se elige en el panel Escenario)</translation>
    </message>
    <message>
        <source>Not saved: {why}</source>
        <translation>No se ha guardado: {why}</translation>
    </message>
    <message>
        <source>One .vrma file per line (the Stage dock adds them for you)</source>
        <translation>Un archivo .vrma por línea (el panel Escenario los añade por ti)</translation>
    </message>
    <message>
        <source>excited=Smile, sad=Cry (empty: all automatic)</source>
        <translation>excited=Smile, sad=Cry (vacío: todo automático)</translation>
    </message>
</context>
<context>
    <name>stage_status</name>
    <message>
        <source>asleep (no model set: Settings → Mind)</source>
        <translation>dormida (no hay modelo: Ajustes → Mente)</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>arrancando</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>en pausa</translation>
    </message>
    <message>
        <source>awake</source>
        <translation>despierta</translation>
    </message>
    <message>
        <source>The stage (her avatar) appears here when the Stage skill is on.</source>
        <translation>El escenario (su avatar) aparece aquí cuando la habilidad Escenario está activada.</translation>
    </message>
    <message>
        <source>Mind: {state}</source>
        <translation>Mente: {state}</translation>
    </message>
    <message>
        <source>Voice: muted</source>
        <translation>Voz: silenciada</translation>
    </message>
    <message>
        <source>Privacy mode: on</source>
        <translation>Modo privado: activado</translation>
    </message>
    <message>
        <source>Privacy mode: off</source>
        <translation>Modo privado: desactivado</translation>
    </message>
    <message>
        <source>Memory: {path} (encrypted, schema {version})</source>
        <translation>Memoria: {path} (cifrada, esquema {version})</translation>
    </message>
    <message>
        <source>Skills running: {skills}</source>
        <translation>Habilidades en marcha: {skills}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>ninguna</translation>
    </message>
</context>
<context>
    <name>stage_view</name>
    <message>
        <source>Her avatar cannot be drawn in this window: it has no WebGL (3D graphics), so the stage stays empty. Update your graphics driver or turn on 3D acceleration, then restart Bea. OBS's browser source may still show her.</source>
        <translation>Su avatar no se puede dibujar en esta ventana: no tiene WebGL (gráficos 3D), así que el escenario se queda vacío. Actualiza el controlador gráfico o activa la aceleración 3D y luego reinicia Bea. Puede que la fuente de navegador de OBS sí la muestre.</translation>
    </message>
    <message>
        <source>The stage is off (Settings → Stage).</source>
        <translation>El escenario está apagado (Ajustes → Escenario).</translation>
    </message>
    <message>
        <source>The stage is starting…</source>
        <translation>El escenario está arrancando…</translation>
    </message>
</context>
<context>
    <name>status_bar</name>
    <message>
        <source>no model (Settings → Mind)</source>
        <translation>ningún modelo (Ajustes → Mente)</translation>
    </message>
    <message>
        <source>the built-in demo model</source>
        <translation>el modelo de demostración integrado</translation>
    </message>
    <message>
        <source>mind paused</source>
        <translation>mente en pausa</translation>
    </message>
    <message>
        <source>voice muted</source>
        <translation>voz silenciada</translation>
    </message>
    <message>
        <source>What is wrong is listed above her stage: show every line, or only the first.</source>
        <translation>Lo que va mal aparece encima de su escenario: muestra cada línea, o solo la primera.</translation>
    </message>
    <message>
        <source>⚠ 1 problem</source>
        <translation>⚠ 1 problema</translation>
    </message>
    <message>
        <source>⚠ {count} problems</source>
        <translation>⚠ {count} problemas</translation>
    </message>
    <message>
        <source>Mood: {mood}</source>
        <translation>Ánimo: {mood}</translation>
    </message>
    <message>
        <source>● LIVE</source>
        <translation>● EN DIRECTO</translation>
    </message>
    <message>
        <source>Not live</source>
        <translation>Sin directo</translation>
    </message>
    <message>
        <source>A stream session is open: what happens now belongs to this stream.</source>
        <translation>Hay una sesión de directo abierta: lo que pase ahora forma parte de este directo.</translation>
    </message>
    <message>
        <source>No stream session is open: File → Go live starts one.</source>
        <translation>No hay ninguna sesión de directo abierta: Archivo → Empezar el directo abre una.</translation>
    </message>
    <message>
        <source>Model: {state}</source>
        <translation>Modelo: {state}</translation>
    </message>
    <message>
        <source>Privacy mode: on (local network)</source>
        <translation>Modo privado: activado (red local)</translation>
    </message>
    <message>
        <source>Privacy mode: on (local only)</source>
        <translation>Modo privado: activado (solo local)</translation>
    </message>
    <message>
        <source>Privacy mode: off</source>
        <translation>Modo privado: desactivado</translation>
    </message>
    <message>
        <source>You're live: what happens from now on belongs to this stream.</source>
        <translation>Estás en directo: lo que pase a partir de ahora forma parte de este directo.</translation>
    </message>
    <message>
        <source>The stream session has ended.</source>
        <translation>La sesión del directo ha terminado.</translation>
    </message>
</context>
<context>
    <name>token_dock</name>
    <message>
        <source>She answers here in writing, never out loud. Where and with whom: Settings → Discord.</source>
        <translation>Aquí responde por escrito, nunca en voz alta. Dónde y con quién: Ajustes → Discord.</translation>
    </message>
    <message>
        <source>Connected</source>
        <translation>Conectada</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Apagada</translation>
    </message>
    <message>
        <source>No token</source>
        <translation>Sin token</translation>
    </message>
    <message>
        <source>Connecting</source>
        <translation>Conectándose</translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation>Reintentando</translation>
    </message>
    <message>
        <source>Not answering</source>
        <translation>No responde</translation>
    </message>
    <message>
        <source>Token refused</source>
        <translation>Token rechazado</translation>
    </message>
    <message>
        <source>Intents refused</source>
        <translation>Intents rechazados</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Rechazada</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Esperando</translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation>Conflicto</translation>
    </message>
    <message>
        <source>{state}: {why}</source>
        <translation>{state}: {why}</translation>
    </message>
    <message>
        <source>Reading</source>
        <translation>Leyendo</translation>
    </message>
    <message>
        <source>{reading} as {me}</source>
        <translation>{reading} como {me}</translation>
    </message>
    <message>
        <source>ignored:</source>
        <translation>ignorado:</translation>
    </message>
    <message>
        <source>No conversations yet.</source>
        <translation>Todavía no hay conversaciones.</translation>
    </message>
    <message>
        <source>{place}: {lines} message(s), the last {minutes} min ago</source>
        <translation>{place}: {lines} mensaje(s), el último hace {minutes} min</translation>
    </message>
    <message>
        <source>She answers here in writing, never out loud. Who she may talk to: Settings → Telegram.</source>
        <translation>Aquí responde por escrito, nunca en voz alta. Con quién puede hablar: Ajustes → Telegram.</translation>
    </message>
    <message>
        <source>Not sent to {place}: {title} asked her to wait {wait} s, longer than a line stays worth sending ({life} s). Unsent: {line}</source>
        <translation>No enviada a {place}: {title} le pidió esperar {wait} s, más de lo que vale la pena enviar una frase ({life} s). Sin enviar: {line}</translation>
    </message>
</context>
<context>
    <name>token_page</name>
    <message>
        <source>Make her a bot: in the Discord Developer Portal (discord.com/developers/applications) create an application, open Bot, press Reset Token and paste the token here; on the same page switch on 'Message Content Intent'.</source>
        <translation>Hazle un bot: en el Discord Developer Portal (discord.com/developers/applications) crea una aplicación, abre Bot, pulsa Reset Token y pega aquí el token; en la misma página activa 'Message Content Intent'.</translation>
    </message>
    <message>
        <source>Invite the bot to your server (OAuth2 → URL Generator: scope bot, permissions Send Messages, Add Reactions, Read Message History). She answers in an allowed channel only when mentioned or replied to.</source>
        <translation>Invita al bot a tu servidor (OAuth2 → URL Generator: scope bot, permisos Send Messages, Add Reactions, Read Message History). En un canal permitido responde solo cuando la mencionan o le responden.</translation>
    </message>
    <message>
        <source>Ids: Discord Settings → Advanced → Developer Mode, then right-click → Copy ID; the dock shows them when someone writes before they are allowed.</source>
        <translation>ID: Ajustes de Discord → Avanzado → Modo desarrollador, luego clic derecho → Copiar ID; el panel los muestra cuando alguien escribe antes de tener permiso.</translation>
    </message>
    <message>
        <source>paste the bot token from the Developer Portal</source>
        <translation>pega el token del bot del Developer Portal</translation>
    </message>
    <message>
        <source>No bot token is kept: {title} stays off until you save one here.</source>
        <translation>No hay ningún token del bot guardado: {title} se queda apagado hasta que guardes uno aquí.</translation>
    </message>
    <message>
        <source> as {me}</source>
        <translation> como {me}</translation>
    </message>
    <message>
        <source>A bot token is kept in {place}. {title} is {state}{where}</source>
        <translation>Hay un token del bot guardado {place}. {title}: {state}{where}</translation>
    </message>
    <message>
        <source>the keyring</source>
        <translation>en el llavero</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>Guardar token</translation>
    </message>
    <message>
        <source>Bot token</source>
        <translation>Token del bot</translation>
    </message>
    <message>
        <source>Make her a bot: in Telegram, write /newbot to @BotFather, pick a name, and paste the token it gives you here.</source>
        <translation>Hazle un bot: en Telegram, escribe /newbot a @BotFather, elige un nombre y pega aquí el token que te dé.</translation>
    </message>
    <message>
        <source>To let her read a group, add the bot to it; she answers there only when mentioned or replied to (for a reply, BotFather's /setprivacy need not change). Your user id: the dock shows it when you write to her before you are allowed.</source>
        <translation>Para que lea un grupo, añade el bot al grupo; allí responde solo cuando la mencionan o le responden (para las respuestas no hace falta cambiar /setprivacy de BotFather). Tu ID de usuario: el panel lo muestra cuando le escribes antes de tener permiso.</translation>
    </message>
    <message>
        <source>paste the bot token from @BotFather</source>
        <translation>pega el token del bot de @BotFather</translation>
    </message>
</context>
<context>
    <name>token_platform</name>
    <message>
        <source>no bot token is kept (Settings → {title})</source>
        <translation>no hay ningún token del bot guardado (Ajustes → {title})</translation>
    </message>
    <message>
        <source>{title} needs the network gate, and this build has none</source>
        <translation>{title} necesita el filtro de red, y esta versión no lo tiene</translation>
    </message>
</context>
<context>
    <name>turn_log_dock</name>
    <message>
        <source>spoke</source>
        <translation>habló</translation>
    </message>
    <message>
        <source>wrote</source>
        <translation>escribió</translation>
    </message>
    <message>
        <source>silent</source>
        <translation>calló</translation>
    </message>
    <message>
        <source>mute</source>
        <translation>en vacío</translation>
    </message>
    <message>
        <source>acted</source>
        <translation>actuó</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>falló</translation>
    </message>
    <message>
        <source>~{prompt}+{completion} tokens (estimated)</source>
        <translation>~{prompt}+{completion} tokens (estimados)</translation>
    </message>
    <message>
        <source>{prompt}+{completion} tokens</source>
        <translation>{prompt}+{completion} tokens</translation>
    </message>
    <message>
        <source>(nothing)</source>
        <translation>(nada)</translation>
    </message>
    <message>
        <source> · rescued</source>
        <translation> · rescatado</translation>
    </message>
    <message numerus="yes">
        <source>{stamp}  {outcome:&lt;6} %Ln calls, {tokens}{cost}, {ms:.0f} ms{flag}{why} — {first}{more}</source>
        <translation>
            <numerusform>{stamp}  {outcome:&lt;6} %Ln llamada, {tokens}{cost}, {ms:.0f} ms{flag}{why} — {first}{more}</numerusform>
            <numerusform>{stamp}  {outcome:&lt;6} %Ln llamadas, {tokens}{cost}, {ms:.0f} ms{flag}{why} — {first}{more}</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;i&gt;none&lt;/i&gt;</source>
        <translation>&lt;i&gt;ninguno&lt;/i&gt;</translation>
    </message>
    <message>
        <source> [failed]</source>
        <translation> [fallida]</translation>
    </message>
    <message numerus="yes">
        <source>{model} · %Ln model calls · {estimated}{prompt_tokens} prompt + {completion_tokens} completion tokens ({reasoning_tokens} reasoning){estimate_note}{cost} · {ms:.0f} ms · outcome {outcome}{rescued}</source>
        <translation>
            <numerusform>{model} · %Ln llamada al modelo · {estimated}{prompt_tokens} de prompt + {completion_tokens} tokens de respuesta ({reasoning_tokens} de razonamiento){estimate_note}{cost} · {ms:.0f} ms · resultado {outcome}{rescued}</numerusform>
            <numerusform>{model} · %Ln llamadas al modelo · {estimated}{prompt_tokens} de prompt + {completion_tokens} tokens de respuesta ({reasoning_tokens} de razonamiento){estimate_note}{cost} · {ms:.0f} ms · resultado {outcome}{rescued}</numerusform>
        </translation>
    </message>
    <message>
        <source>no model</source>
        <translation>ningún modelo</translation>
    </message>
    <message>
        <source> (estimated: the server reported none)</source>
        <translation> (estimados: el servidor no los ha indicado)</translation>
    </message>
    <message>
        <source>&lt;p style='color:{problem}'&gt;&lt;b&gt;She couldn't answer:&lt;/b&gt; {why}&lt;/p&gt;</source>
        <translation>&lt;p style='color:{problem}'&gt;&lt;b&gt;No ha podido responder:&lt;/b&gt; {why}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Models tried</source>
        <translation>Modelos probados</translation>
    </message>
    <message>
        <source>Perceptions</source>
        <translation>Percepciones</translation>
    </message>
    <message>
        <source>Thoughts</source>
        <translation>Pensamientos</translation>
    </message>
    <message>
        <source>Tool calls</source>
        <translation>Llamadas a herramientas</translation>
    </message>
    <message>
        <source>Briefing (dynamic)</source>
        <translation>Briefing (dinámico)</translation>
    </message>
    <message>
        <source>Prompt in force (static)</source>
        <translation>Prompt vigente (estático)</translation>
    </message>
    <message>
        <source>Search turns (every word must match)…</source>
        <translation>Buscar en los turnos (deben estar todas las palabras)…</translation>
    </message>
    <message>
        <source>&lt;i&gt;No turns yet.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Todavía no hay turnos.&lt;/i&gt;</translation>
    </message>
</context>
<context>
    <name>twitch_dock</name>
    <message>
        <source>Connected</source>
        <translation>Conectada</translation>
    </message>
    <message>
        <source>Connecting</source>
        <translation>Conectándose</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>Reconectándose</translation>
    </message>
    <message>
        <source>Login refused</source>
        <translation>Inicio de sesión rechazado</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Rechazada</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Apagada</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;{who}&lt;/b&gt; cheered %Ln bits: </source>
        <translation>
            <numerusform>&lt;b&gt;{who}&lt;/b&gt; ha hecho un cheer de %Ln bit: </numerusform>
            <numerusform>&lt;b&gt;{who}&lt;/b&gt; ha hecho un cheer de %Ln bits: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} · %Ln messages</source>
        <translation>
            <numerusform>{name} · %Ln mensaje</numerusform>
            <numerusform>{name} · %Ln mensajes</numerusform>
        </translation>
    </message>
    <message>
        <source>(no name shown)</source>
        <translation>(sin nombre visible)</translation>
    </message>
    <message>
        <source>Here now</source>
        <translation>Aquí ahora</translation>
    </message>
    <message>
        <source>Write in Twitch chat as her…</source>
        <translation>Escribe en el chat de Twitch como ella…</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>no channel</source>
        <translation>ningún canal</translation>
    </message>
    <message>
        <source>Read-only: set her login and a token in Settings → Twitch to write</source>
        <translation>Solo lectura: para escribir, pon su usuario y un token en Ajustes → Twitch</translation>
    </message>
    <message>
        <source>Here now: unavailable ({exc})</source>
        <translation>Aquí ahora: no disponible ({exc})</translation>
    </message>
    <message>
        <source>Here now ({count})</source>
        <translation>Aquí ahora ({count})</translation>
    </message>
    <message>
        <source>Here now: nobody yet</source>
        <translation>Aquí ahora: todavía nadie</translation>
    </message>
    <message>
        <source>Twitch chat is off: set the channel in Settings → Twitch.</source>
        <translation>El chat de Twitch está apagado: indica el canal en Ajustes → Twitch.</translation>
    </message>
    <message>
        <source>The Twitch skill is switched off (Settings → Skills).</source>
        <translation>La habilidad Twitch está apagada (Ajustes → Habilidades).</translation>
    </message>
    <message>
        <source>not connected to {channel}</source>
        <translation>no conectada a {channel}</translation>
    </message>
</context>
<context>
    <name>twitch_settings</name>
    <message>
        <source>oauth:… (the chat token of her login)</source>
        <translation>oauth:… (el token de chat de su usuario)</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>Guardar token</translation>
    </message>
    <message>
        <source>OAuth token</source>
        <translation>Token OAuth</translation>
    </message>
    <message>
        <source>nowhere in this build</source>
        <translation>en ningún sitio en esta versión</translation>
    </message>
    <message>
        <source>The token is kept in {place}.</source>
        <translation>El token se guarda {place}.</translation>
    </message>
    <message>
        <source>nowhere (this build keeps no secrets)</source>
        <translation>en ningún sitio (esta versión no guarda secretos)</translation>
    </message>
    <message>
        <source>A token is kept in {where}: with her login set, she can write in chat.</source>
        <translation>Hay un token guardado {where}: con su usuario configurado, puede escribir en el chat.</translation>
    </message>
    <message>
        <source>No token: she reads chat anonymously and cannot write in it.</source>
        <translation>Sin token: lee el chat de forma anónima y no puede escribir en él.</translation>
    </message>
</context>
<context>
    <name>voice_dock</name>
    <message>
        <source>Push to talk</source>
        <translation>Pulsar para hablar</translation>
    </message>
    <message>
        <source>Always on</source>
        <translation>Siempre activo</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Apagado</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Cargando</translation>
    </message>
    <message>
        <source>Ducked</source>
        <translation>Voz bajada</translation>
    </message>
    <message>
        <source>Speaking</source>
        <translation>Hablando</translation>
    </message>
    <message>
        <source>Hearing you</source>
        <translation>Te oye</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Pensando</translation>
    </message>
    <message>
        <source>Listening</source>
        <translation>Escuchando</translation>
    </message>
    <message>
        <source>Not hearing you: no microphone</source>
        <translation>No te oye: no hay micrófono</translation>
    </message>
    <message>
        <source>Speaking into silence: no speakers</source>
        <translation>Habla al vacío: no hay altavoces</translation>
    </message>
    <message>
        <source>No audio devices: </source>
        <translation>No hay dispositivos de audio: </translation>
    </message>
    <message>
        <source>&lt;b&gt;Voice is off&lt;/b&gt; (turn it on in Settings → Skills).</source>
        <translation>&lt;b&gt;La voz está apagada&lt;/b&gt; (actívala en Ajustes → Habilidades).</translation>
    </message>
    <message>
        <source>Hold to talk</source>
        <translation>Mantén pulsado para hablar</translation>
    </message>
    <message>
        <source>Stop her</source>
        <translation>Pararla</translation>
    </message>
    <message>
        <source>Silence her now.</source>
        <translation>Hazla callar ya.</translation>
    </message>
    <message>
        <source>mic %v</source>
        <translation>mic %v</translation>
    </message>
    <message>
        <source>Hearing</source>
        <translation>Oído</translation>
    </message>
    <message>
        <source>Microphone</source>
        <translation>Micrófono</translation>
    </message>
    <message>
        <source>Speakers</source>
        <translation>Altavoces</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Nivel</translation>
    </message>
    <message>
        <source>Last heard:</source>
        <translation>Lo último que oyó:</translation>
    </message>
    <message>
        <source>No audio devices: {why}</source>
        <translation>No hay dispositivos de audio: {why}</translation>
    </message>
    <message>
        <source>Hold to talk ({label})</source>
        <translation>Mantén pulsado para hablar ({label})</translation>
    </message>
    <message>
        <source>Push-to-talk: hold the button while you speak to her. {key_status}</source>
        <translation>Pulsar para hablar: mantén pulsado el botón mientras le hablas. {key_status}</translation>
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
        <source>Her voice is taken out of the microphone ({erle_db:.0f} dB).</source>
        <translation>Su voz se quita del micrófono ({erle_db:.0f} dB).</translation>
    </message>
    <message>
        <source>Learning how her voice comes back from your speakers: she needs to speak a few seconds.</source>
        <translation>Aprendiendo cómo vuelve su voz desde tus altavoces: necesita hablar unos segundos.</translation>
    </message>
    <message>
        <source>end of your turn</source>
        <translation>fin de tu turno</translation>
    </message>
    <message>
        <source>hearing</source>
        <translation>escucha</translation>
    </message>
    <message>
        <source>thinking</source>
        <translation>pensar</translation>
    </message>
    <message>
        <source>her voice</source>
        <translation>su voz</translation>
    </message>
    <message>
        <source>Her last answer: none yet since you spoke.</source>
        <translation>Su última respuesta: ninguna todavía desde que hablaste.</translation>
    </message>
    <message>
        <source>Her last answer took {total}: {parts}</source>
        <translation>Su última respuesta tardó {total}: {parts}</translation>
    </message>
    <message>
        <source>From the end of your last word to her first sound. End of your turn: the pause she waits for (Settings → Voice). Hearing: your words into text. Thinking: her model, until her first words. Her voice: her first words into sound.</source>
        <translation>Desde el final de tu última palabra hasta su primer sonido. Fin de tu turno: la pausa que espera (Ajustes → Voz). Escucha: tus palabras a texto. Pensar: su modelo, hasta sus primeras palabras. Su voz: sus primeras palabras a sonido.</translation>
    </message>
</context>
<context>
    <name>voice_settings</name>
    <message>
        <source>(system default)</source>
        <translation>(predeterminado del sistema)</translation>
    </message>
    <message>
        <source>(packaged: whisper base; tiny.en for English where base is missing; MIT)</source>
        <translation>(incluido: whisper base; tiny.en para el inglés donde falta base; MIT)</translation>
    </message>
    <message>
        <source>(packaged: en_US joe; MIT, dataset CC0)</source>
        <translation>(incluida: en_US joe; MIT, dataset CC0)</translation>
    </message>
    <message>
        <source>Detect it</source>
        <translation>Detectarlo</translation>
    </message>
    <message>
        <source>For an OpenAI-compatible server above that asks for an API key: pick it, paste its key and save. The key is kept in your keyring, never in the settings.</source>
        <translation>Para un servidor compatible con OpenAI de arriba que pida una clave API: elígelo, pega su clave y guárdala. La clave se guarda en tu llavero, nunca en los ajustes.</translation>
    </message>
    <message>
        <source>No audio devices: {why}</source>
        <translation>No hay dispositivos de audio: {why}</translation>
    </message>
    <message>
        <source>the server's API key, if it asks for one</source>
        <translation>la clave API del servidor, si pide una</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>Guardar clave</translation>
    </message>
    <message>
        <source>Server key</source>
        <translation>Clave del servidor</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>Probar conexión</translation>
    </message>
    <message>
        <source>List an OpenAI-compatible server above first.</source>
        <translation>Primero indica arriba un servidor compatible con OpenAI.</translation>
    </message>
    <message>
        <source>The key is saved in {where}.</source>
        <translation>La clave está guardada {where}.</translation>
    </message>
    <message>
        <source>The key is forgotten.</source>
        <translation>La clave se ha olvidado.</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Trabajando…</translation>
    </message>
    <message>
        <source>{server}: answered in {ms} ms; it offers {offer}</source>
        <translation>{server}: respondió en {ms} ms; ofrece {offer}</translation>
    </message>
    <message>
        <source>{server}: {why}</source>
        <translation>{server}: {why}</translation>
    </message>
    <message>
        <source>Not a place: {why}</source>
        <translation>No es un lugar válido: {why}</translation>
    </message>
    <message>
        <source>Only this computer is listed: there is no server to test.</source>
        <translation>Solo está indicado este equipo: no hay ningún servidor que probar.</translation>
    </message>
</context>
<context>
    <name>voice_teach</name>
    <message>
        <source>Hi everyone, welcome back to the stream; grab a snack and get comfortable.</source>
        <translation>Hola a todos, bienvenidos de nuevo al directo; poneos cómodos y coged algo de beber.</translation>
    </message>
    <message>
        <source>Today we are trying something new, so bear with me if it goes wrong.</source>
        <translation>Hoy vamos a probar algo nuevo, así que tened paciencia si algo sale mal.</translation>
    </message>
    <message>
        <source>Thank you all for the follows and the kind messages, it means a lot to me.</source>
        <translation>Gracias a todos por los follows y los mensajes tan bonitos, significa mucho para mí.</translation>
    </message>
    <message>
        <source>The quick brown fox jumps over the lazy dog, while the chat keeps counting.</source>
        <translation>El viejo perro marrón corre por el jardín cada vez que oye la música.</translation>
    </message>
    <message>
        <source>Anyone (others as someone in the room)</source>
        <translation>Cualquiera (los demás como alguien en la sala)</translation>
    </message>
    <message>
        <source>Only you</source>
        <translation>Solo a ti</translation>
    </message>
    <message>
        <source>She cannot learn voices: the voice model is not installed (Settings → Models, Voice of the streamer).</source>
        <translation>No puede aprender voces: el modelo de voces no está instalado (Ajustes → Modelos, Voz del streamer).</translation>
    </message>
    <message>
        <source>She cannot keep a voice print in this build.</source>
        <translation>En esta versión no puede guardar una huella de voz.</translation>
    </message>
    <message>
        <source>Switch hearing on to teach her your voice.</source>
        <translation>Activa la escucha para enseñarle tu voz.</translation>
    </message>
    <message>
        <source>Teaching her your voice needs a microphone.</source>
        <translation>Para enseñarle tu voz hace falta un micrófono.</translation>
    </message>
    <message>
        <source>Teach her your voice</source>
        <translation>Enséñale tu voz</translation>
    </message>
    <message>
        <source>Forget my voice</source>
        <translation>Olvida mi voz</translation>
    </message>
    <message>
        <source>Once she knows your voice: whom she hears.</source>
        <translation>Cuando conoce tu voz: a quién escucha.</translation>
    </message>
    <message>
        <source>Hear:</source>
        <translation>Escucha:</translation>
    </message>
    <message>
        <source>She knows your voice.</source>
        <translation>Conoce tu voz.</translation>
    </message>
    <message>
        <source>Other voices left out: {n}.</source>
        <translation>Otras voces dejadas fuera: {n}.</translation>
    </message>
    <message>
        <source>She does not know your voice yet: read three sentences so she can tell you from others in the room.</source>
        <translation>Todavía no conoce tu voz: lee tres frases para que pueda distinguirte de los demás en la sala.</translation>
    </message>
    <message>
        <source>Read aloud, then press Done:</source>
        <translation>Lee en voz alta y luego pulsa Hecho:</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Hecho</translation>
    </message>
    <message>
        <source>Too little of your voice in that reading: read the whole sentence again, a little closer to the microphone.</source>
        <translation>Muy poca voz en esa lectura: vuelve a leer la frase entera, un poco más cerca del micrófono.</translation>
    </message>
    <message numerus="yes">
        <source>Good. %n more to read.</source>
        <translation>
            <numerusform>Bien. Queda %n por leer.</numerusform>
            <numerusform>Bien. Quedan %n por leer.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %n did not sound like the others: press Teach and read one more.</source>
        <translation>
            <numerusform>La lectura %n no sonaba como las demás: pulsa Enséñale y lee una más.</numerusform>
            <numerusform>La lectura %n no sonaba como las demás: pulsa Enséñale y lee una más.</numerusform>
        </translation>
    </message>
    <message>
        <source>Done: she knows your voice.</source>
        <translation>Hecho: conoce tu voz.</translation>
    </message>
    <message>
        <source>Forgotten: your voice print is deleted.</source>
        <translation>Olvidada: tu huella de voz se ha borrado.</translation>
    </message>
</context>
<context>
    <name>youtube_dock</name>
    <message>
        <source>Reading</source>
        <translation>Leyendo</translation>
    </message>
    <message>
        <source>Connecting</source>
        <translation>Conectándose</translation>
    </message>
    <message>
        <source>Retrying</source>
        <translation>Reintentando</translation>
    </message>
    <message>
        <source>Not live</source>
        <translation>Sin directo</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Terminado</translation>
    </message>
    <message>
        <source>Stopped</source>
        <translation>Detenido</translation>
    </message>
    <message>
        <source>Refused</source>
        <translation>Rechazado</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>Sin clave</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Apagado</translation>
    </message>
    <message>
        <source>She reads this chat and answers out loud; she cannot write in YouTube chat.</source>
        <translation>Lee este chat y responde en voz alta; no puede escribir en el chat de YouTube.</translation>
    </message>
    <message>
        <source>no stream named (Settings → YouTube)</source>
        <translation>ningún directo indicado (Ajustes → YouTube)</translation>
    </message>
</context>
<context>
    <name>youtube_settings</name>
    <message>
        <source>A YouTube Data API v3 key: Google Cloud console → APIs &amp; Services → enable "YouTube Data API v3" → Credentials → Create credentials → API key. Reading a live chat costs quota: YouTube's default daily quota covers a few hours of chat.</source>
        <translation>Una clave de YouTube Data API v3: consola de Google Cloud → APIs y servicios → habilita "YouTube Data API v3" → Credenciales → Crear credenciales → Clave de API. Leer un chat en directo consume cuota: la cuota diaria estándar de YouTube da para unas horas de chat.</translation>
    </message>
    <message>
        <source>paste your YouTube Data API key</source>
        <translation>pega tu clave de YouTube Data API</translation>
    </message>
    <message>
        <source>Save key</source>
        <translation>Guardar clave</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <source>the keyring</source>
        <translation>en el llavero</translation>
    </message>
    <message>
        <source>A key is kept in {place}.</source>
        <translation>Hay una clave guardada {place}.</translation>
    </message>
    <message>
        <source>No key is kept.</source>
        <translation>No hay ninguna clave guardada.</translation>
    </message>
    <message>
        <source>Not reading (name your stream above).</source>
        <translation>No está leyendo (indica tu directo arriba).</translation>
    </message>
    <message>
        <source>Not reading.</source>
        <translation>No está leyendo.</translation>
    </message>
    <message>
        <source>The chat is {state}</source>
        <translation>El chat está en estado {state}</translation>
    </message>
</context>
</TS>