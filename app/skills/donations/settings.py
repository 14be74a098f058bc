"""The Donations settings page: each webhook's address, and its shared secret made (or replaced) in the keyring.

A secret is shown once, the moment it is made, with a Copy button; afterwards the page only says whether one
is kept, and where. The Streamlabs socket token is pasted in, kept in the keyring and never shown again; the
page shows the link's state. Nothing secret here is ever written to the settings.

Ko-fi posts from its own servers, which cannot reach an address on this computer: the page says so under the
Ko-fi rows, how streamers usually get a public address, and that Streamlabs (which Bea dials out to) needs none.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from app.skills.donations.skill import KINDS, STREAMLABS_TOKEN, DonationsSettings, DonationsSkill
from app.widgets.forms import SecretField, SectionForm
from app.widgets.qt import (
    QT_TRANSLATE_NOOP,
    QApplication,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    translate,
)

NAMES = {"kofi": "Ko-fi", "json": "JSON"}
HOWTO = {"kofi": QT_TRANSLATE_NOOP("donations_settings", "In Ko-fi: More → API → Webhooks, paste the address; paste "
                                   "the secret as the verification token."),
         "json": QT_TRANSLATE_NOOP("donations_settings", 'POST {"id", "name", "amount": "5.00", "currency": "EUR", '
                                   '"message", "secret"} as JSON.')}
# what the page says under the Ko-fi rows, a paragraph a string; the last one after a line break
KOFI_PUBLIC = (
    QT_TRANSLATE_NOOP("donations_settings",
                      "Ko-fi needs a public address. It sends each tip from its own servers on the internet, and "
                      "those cannot reach 127.0.0.1: that address means \"this computer\" to whoever uses it, so the "
                      "address above works only for senders on this computer."),
    QT_TRANSLATE_NOOP("donations_settings",
                      "Streamers usually get a public address with a tunnel running on this computer that forwards "
                      "to the address above, such as Cloudflare Tunnel (cloudflared) or ngrok, or with a reverse "
                      "proxy on a server they already have; then they paste the public address, ending in {path}, "
                      "into Ko-fi."),
    QT_TRANSLATE_NOOP("donations_settings",
                      "Keep Bea's API on a fixed port (Settings → Local API) so the tunnel keeps working; everything "
                      "else the API serves still needs a device token."),
)
NO_PUBLIC_ADDRESS = QT_TRANSLATE_NOOP("donations_settings",
                                      "No public address? Streamlabs needs none: Bea connects out to Streamlabs and "
                                      "its tips arrive as they happen. Switch on \"Streamlabs tips\" and paste the "
                                      "Streamlabs token below.")


class DonationsSettingsPage(SectionForm):
    def __init__(self, skill: DonationsSkill, prefix: str, values: DonationsSettings) -> None:
        self.skill = skill
        super().__init__(prefix, DonationsSettings, values)
        self.urls: dict[str, QLineEdit] = {}
        self.shown: dict[str, QLineEdit] = {}
        self.status: dict[str, QLabel] = {}
        self.make: dict[str, QPushButton] = {}
        self.forget: dict[str, QPushButton] = {}
        for kind in KINDS:
            self._rows(kind)
        self._streamlabs_rows()
        unsubscribe = skill.on_change(self.refresh)
        self.destroyed.connect(lambda *_: unsubscribe())
        self.refresh()

    def _streamlabs_rows(self) -> None:
        self.secret = SecretField("donations.streamlabs.token",
                                  translate("donations_settings",
                                            "paste your Socket API token (Streamlabs → Settings → API Settings)"),
                                  translate("donations_settings", "Save token"), self.keep_token,
                                  lambda: self.keep_token(""))
        self.token, self.save_token, self.forget_token = (self.secret.edit, self.secret.save_button,
                                                          self.secret.forget_button)
        self.layout_.addRow(translate("donations_settings", "Streamlabs token"), self.secret)
        self.streamlabs_status = QLabel(objectName="donations.streamlabs.status", wordWrap=True)
        self.layout_.addRow(self.streamlabs_status)

    def keep_token(self, text: str) -> None:
        try:
            self.skill.set_streamlabs_token(text)
        except RuntimeError as exc:
            self.streamlabs_status.setText(str(exc))
            return
        self.refresh()

    def _rows(self, kind: str) -> None:
        name = NAMES[kind]
        url = QLineEdit(objectName=f"donations.{kind}.url", readOnly=True)
        copy_url = QPushButton(translate("donations_settings", "Copy"), objectName=f"donations.{kind}.copyUrl")
        copy_url.clicked.connect(lambda: QApplication.clipboard().setText(url.text()))
        row = QHBoxLayout()
        row.addWidget(url, 1)
        row.addWidget(copy_url)
        self.layout_.addRow(translate("donations_settings", "{name} webhook").format(name=name), row)
        shown = QLineEdit(objectName=f"donations.{kind}.secret", readOnly=True,
                          placeholderText=translate("donations_settings",
                                                    "the secret is shown here once, when it is made"))
        copy_secret = QPushButton(translate("donations_settings", "Copy"), objectName=f"donations.{kind}.copySecret")
        copy_secret.clicked.connect(lambda: QApplication.clipboard().setText(shown.text()))
        make = QPushButton(translate("donations_settings", "Make secret"), objectName=f"donations.{kind}.make")
        make.clicked.connect(lambda: self.make_secret(kind))
        forget = QPushButton(translate("donations_settings", "Forget"), objectName=f"donations.{kind}.forget")
        forget.clicked.connect(lambda: self.forget_secret(kind))
        row = QHBoxLayout()
        row.addWidget(shown, 1)
        for button in (copy_secret, make, forget):
            row.addWidget(button)
        self.layout_.addRow(translate("donations_settings", "{name} secret").format(name=name), row)
        status = QLabel(objectName=f"donations.{kind}.status", wordWrap=True)
        self.layout_.addRow(status)
        self.urls[kind], self.shown[kind], self.status[kind] = url, shown, status
        if kind == "kofi":
            public = " ".join(translate("donations_settings", p) for p in KOFI_PUBLIC).format(
                path=urlsplit(self.skill.url(kind)).path)
            self.kofi_public = QLabel(f"{public}\n{translate('donations_settings', NO_PUBLIC_ADDRESS)}",
                                      objectName="donations.kofi.public", wordWrap=True)
            self.kofi_public.setStyleSheet("background: #fff4d6; padding: 6px; border-radius: 4px;")
            self.layout_.addRow(self.kofi_public)
        self.make[kind], self.forget[kind] = make, forget

    def make_secret(self, kind: str) -> str:
        try:
            value = self.skill.create_secret(kind)
        except RuntimeError as exc:
            self.status[kind].setText(str(exc))
            return ""
        self.shown[kind].setText(value)
        self.refresh()
        return value

    def forget_secret(self, kind: str) -> None:
        self.skill.forget_secret(kind)
        self.shown[kind].clear()
        self.refresh()

    def refresh(self) -> None:
        secrets = self.skill.ctx.secrets
        where = translate("secrets",
                          getattr(secrets, "where",
                                  translate("donations_settings", "nowhere (this build keeps no secrets)")))
        for kind in KINDS:
            self.urls[kind].setText(self.skill.url(kind))
            has = self.skill.has_secret(kind)
            self.make[kind].setText(translate("donations_settings", "Replace secret") if has
                                    else translate("donations_settings", "Make secret"))
            self.forget[kind].setEnabled(has)
            state = (translate("donations_settings", "A secret is kept in {where}; replacing it stops the old one at "
                               "once.").format(where=where) if has
                     else translate("donations_settings", "No secret: every delivery to this address is refused."))
            self.status[kind].setText(f"{state} {translate('donations_settings', HOWTO[kind])}")
        has_token = bool(self.skill.secret_named(STREAMLABS_TOKEN))
        self.secret.kept(has_token)
        state, why = self.skill.streamlabs_state
        kept = translate("donations_settings",
                         "A token is kept in {where}.").format(where=where) if has_token else translate(
                             "donations_settings", "No token is kept.")
        link = {"off": translate("donations_settings", "The link is off (switch on \"Streamlabs tips\" above)."),
                "connected": translate("donations_settings", "Connected: tips arrive as they happen.")}.get(
                    state,
                    translate("donations_settings", "The link is {state}").format(state=state) + (
                        f": {why}" if why else "."))
        self.streamlabs_status.setText(f"{kept} {link}")


def make_page(skill: DonationsSkill, prefix: str, values: DonationsSettings) -> SectionForm:
    return DonationsSettingsPage(skill, prefix, values)
