<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>dock_words</name>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h ago</numerusform>
            <numerusform>%n h ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days ago</source>
        <translation>
            <numerusform>%n day ago</numerusform>
            <numerusform>%n days ago</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>export_session</name>
    <message numerus="yes">
        <source>Session {sid} exported: %Ln lines in {path}</source>
        <translation>
            <numerusform>Session {sid} exported: %Ln line in {path}</numerusform>
            <numerusform>Session {sid} exported: %Ln lines in {path}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>memory_dock</name>
    <message numerus="yes">
        <source>%Ln memories</source>
        <translation>
            <numerusform>%Ln memory</numerusform>
            <numerusform>%Ln memories</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Forget all %Ln memories in the scope “{scope}”, both what people said and what she said herself?</source>
        <translation>
            <numerusform>Forget the one memory in the scope “{scope}”, both what people said and what she said herself?</numerusform>
            <numerusform>Forget all %Ln memories in the scope “{scope}”, both what people said and what she said herself?</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Forget at least %Ln memories in the scope “{scope}”, both what people said and what she said herself?</source>
        <translation>
            <numerusform>Forget at least %Ln memory in the scope “{scope}”, both what people said and what she said herself?</numerusform>
            <numerusform>Forget at least %Ln memories in the scope “{scope}”, both what people said and what she said herself?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>people_dock</name>
    <message numerus="yes">
        <source>%Ln people match “{search}”</source>
        <translation>
            <numerusform>%Ln person matches “{search}”</numerusform>
            <numerusform>%Ln people match “{search}”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln people seen</source>
        <translation>
            <numerusform>%Ln person seen</numerusform>
            <numerusform>%Ln people seen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;&lt;b&gt;They really moved her&lt;/b&gt; %Ln times (her mood)&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;&lt;b&gt;They really moved her&lt;/b&gt; once (her mood)&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;&lt;b&gt;They really moved her&lt;/b&gt; %Ln times (her mood)&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>• their card: attitude, profile and %Ln facts</source>
        <translation>
            <numerusform>• their card: attitude, profile and %Ln fact</numerusform>
            <numerusform>• their card: attitude, profile and %Ln facts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Forgot {name} (%Ln accounts)</source>
        <translation>
            <numerusform>Forgot {name} (%Ln account)</numerusform>
            <numerusform>Forgot {name} (%Ln accounts)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>• %Ln accounts: {accounts}</source>
        <translation>
            <numerusform>• %Ln account: {accounts}</numerusform>
            <numerusform>• %Ln accounts: {accounts}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln messages</source>
        <translation>
            <numerusform>%Ln message</numerusform>
            <numerusform>%Ln messages</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln sessions</source>
        <translation>
            <numerusform>%Ln session</numerusform>
            <numerusform>%Ln sessions</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>person_dock</name>
    <message numerus="yes">
        <source>%Ln raw signals kept from your devices right now.</source>
        <translation>
            <numerusform>%Ln raw signal kept from your devices right now.</numerusform>
            <numerusform>%Ln raw signals kept from your devices right now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln entries</source>
        <translation>
            <numerusform>%Ln entry</numerusform>
            <numerusform>%Ln entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln expired (greyed: she no longer reads them)</source>
        <translation>
            <numerusform> · %Ln expired (greyed: she no longer reads it)</numerusform>
            <numerusform> · %Ln expired (greyed: she no longer reads them)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the %Ln entries it concluded ({summaries})</source>
        <translation>
            <numerusform>the entry it concluded ({summaries})</numerusform>
            <numerusform>the %Ln entries it concluded ({summaries})</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The {name} sense is off: %Ln entries and its raw signals deleted.</source>
        <translation>
            <numerusform>The {name} sense is off: %Ln entry and its raw signals deleted.</numerusform>
            <numerusform>The {name} sense is off: %Ln entries and its raw signals deleted.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>• all %Ln entries of the model: what you told her, what agents inferred and what senses concluded</source>
        <translation>
            <numerusform>• the one entry of the model: what you told her, what agents inferred and what senses concluded</numerusform>
            <numerusform>• all %Ln entries of the model: what you told her, what agents inferred and what senses concluded</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>• all %Ln raw signals from your devices</source>
        <translation>
            <numerusform>• the one raw signal from your devices</numerusform>
            <numerusform>• all %Ln raw signals from your devices</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stays: your %Ln devices and their tokens, which senses are on, and the audit log.</source>
        <translation>
            <numerusform>Stays: your device and its token, which senses are on, and the audit log.</numerusform>
            <numerusform>Stays: your %Ln devices and their tokens, which senses are on, and the audit log.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Forgot everything: %Ln entries and every raw signal.</source>
        <translation>
            <numerusform>Forgot everything: %Ln entry and every raw signal.</numerusform>
            <numerusform>Forgot everything: %Ln entries and every raw signal.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>plan_dock</name>
    <message numerus="yes">
        <source>%Ln in progress</source>
        <translation>
            <numerusform>%Ln in progress</numerusform>
            <numerusform>%Ln in progress</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln to do</source>
        <translation>
            <numerusform>%Ln to do</numerusform>
            <numerusform>%Ln to do</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln done</source>
        <translation>
            <numerusform>%Ln done</numerusform>
            <numerusform>%Ln done</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln dropped</source>
        <translation>
            <numerusform>%Ln dropped</numerusform>
            <numerusform>%Ln dropped</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>turn_log_dock</name>
    <message numerus="yes">
        <source>{stamp}  {outcome:&lt;6} %Ln calls, {tokens}{cost}, {ms:.0f} ms{flag}{why} — {first}{more}</source>
        <translation>
            <numerusform>{stamp}  {outcome:&lt;6} %Ln call, {tokens}{cost}, {ms:.0f} ms{flag}{why} — {first}{more}</numerusform>
            <numerusform>{stamp}  {outcome:&lt;6} %Ln calls, {tokens}{cost}, {ms:.0f} ms{flag}{why} — {first}{more}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{model} · %Ln model calls · {estimated}{prompt_tokens} prompt + {completion_tokens} completion tokens ({reasoning_tokens} reasoning){estimate_note}{cost} · {ms:.0f} ms · outcome {outcome}{rescued}</source>
        <translation>
            <numerusform>{model} · %Ln model call · {estimated}{prompt_tokens} prompt + {completion_tokens} completion tokens ({reasoning_tokens} reasoning){estimate_note}{cost} · {ms:.0f} ms · outcome {outcome}{rescued}</numerusform>
            <numerusform>{model} · %Ln model calls · {estimated}{prompt_tokens} prompt + {completion_tokens} completion tokens ({reasoning_tokens} reasoning){estimate_note}{cost} · {ms:.0f} ms · outcome {outcome}{rescued}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>twitch_dock</name>
    <message numerus="yes">
        <source>&lt;b&gt;{who}&lt;/b&gt; cheered %Ln bits: </source>
        <translation>
            <numerusform>&lt;b&gt;{who}&lt;/b&gt; cheered %Ln bit: </numerusform>
            <numerusform>&lt;b&gt;{who}&lt;/b&gt; cheered %Ln bits: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{name} · %Ln messages</source>
        <translation>
            <numerusform>{name} · %Ln message</numerusform>
            <numerusform>{name} · %Ln messages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>voice_teach</name>
    <message numerus="yes">
        <source>Good. %n more to read.</source>
        <translation>
            <numerusform>Good. %n more to read.</numerusform>
            <numerusform>Good. %n more to read.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Reading %n did not sound like the others: press Teach and read one more.</source>
        <translation>
            <numerusform>Reading %n did not sound like the others: press Teach and read one more.</numerusform>
            <numerusform>Reading %n did not sound like the others: press Teach and read one more.</numerusform>
        </translation>
    </message>
</context>
</TS>
