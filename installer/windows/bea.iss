; Bea for Windows: a per-user installer (no administrator rights) around PyInstaller's dist\bea folder.
; Build it with installer\windows\build.ps1, which passes the version from pyproject.toml:
;   iscc /DAppVersion=0.1.0 installer\windows\bea.iss
; Bea keeps her memory in %LOCALAPPDATA%\Bea (platformdirs); the program goes to
; %LOCALAPPDATA%\Programs\Bea, a different folder, so uninstalling never touches what she remembers.

#ifndef AppVersion
  #error Pass the version: iscc /DAppVersion=x.y.z bea.iss (build.ps1 does)
#endif

[Setup]
AppId={{6B1F3C52-8E0A-4B8D-9C55-BEA0C0B05701}
AppName=Bea
AppVersion={#AppVersion}
AppPublisher=Bea
VersionInfoVersion={#AppVersion}
DefaultDirName={localappdata}\Programs\Bea
DefaultGroupName=Bea
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist\installer
OutputBaseFilename=Bea-{#AppVersion}-setup
SetupIconFile=..\..\build\icons\bea.ico
UninstallDisplayIcon={app}\bea.exe
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
CloseApplications=yes

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\bea\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\Bea"; Filename: "{app}\bea.exe"
Name: "{group}\Bea self-test"; Filename: "{app}\bea-console.exe"; Parameters: "--self-test"
Name: "{autodesktop}\Bea"; Filename: "{app}\bea.exe"; Tasks: desktopicon

[Run]
Filename: "{app}\bea.exe"; Description: "{cm:LaunchProgram,Bea}"; Flags: nowait postinstall skipifsilent
