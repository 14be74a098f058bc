# Build Bea's Windows installer: a venv with Bea and PyInstaller, the one-folder bundle (dist\bea), its
# self-test, then Inno Setup (iscc on PATH, or its default folder) around it: dist\installer\Bea-<v>-setup.exe.
# Run from the checkout in PowerShell:  powershell -ExecutionPolicy Bypass -File installer\windows\build.ps1
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..\..")

if (-not (Test-Path .venv\Scripts\python.exe)) { py -3.11 -m venv .venv }
.venv\Scripts\python -m pip install --quiet --upgrade pip
.venv\Scripts\python -m pip install --quiet -e ".[dev]"
if (Get-Command npm -ErrorAction SilentlyContinue) { Push-Location stage; npm ci --silent --no-audit --no-fund; Pop-Location }

.venv\Scripts\pyinstaller --noconfirm build.spec
$env:BEA_PASSPHRASE = "installer-self-test"
& dist\bea\bea-console.exe --self-test --data-dir (Join-Path $env:TEMP "bea-installer-self-test")
if ($LASTEXITCODE -ne 0) { throw "the bundle's self-test failed" }

$version = (.venv\Scripts\python installer\bundle_info.py version).Trim()
$iscc = Get-Command iscc -ErrorAction SilentlyContinue
$isccPath = if ($iscc) { $iscc.Source } else { "${env:ProgramFiles(x86)}\Inno Setup 6\ISCC.exe" }
if (-not (Test-Path $isccPath)) { throw "Inno Setup 6 is not installed (https://jrsoftware.org/isinfo.php)" }
& $isccPath "/DAppVersion=$version" installer\windows\bea.iss
if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
Write-Host "dist\installer\Bea-$version-setup.exe"
