"""The release workflow (.github/workflows/release.yml) cannot run here; what can be checked is:
it parses, it has a Windows, a macOS and a Linux job on Python 3.11, each runs the project's own build script and
keeps what that script makes as an artifact, and the Linux job's steps are the ones tests/test_linux_package.py
proves on this machine: installer/dev.sh, installer/linux/build.sh, then that very test on the package."""

from __future__ import annotations

import fnmatch
import re

import pytest
import yaml

from tests.conftest import REPO

WORKFLOW = REPO / ".github" / "workflows" / "release.yml"


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text())


def steps(workflow: dict, job: str) -> list[dict]:
    return workflow["jobs"][job]["steps"]


def runs(workflow: dict, job: str) -> str:
    return "\n".join(step.get("run", "") for step in steps(workflow, job))


def action(workflow: dict, job: str, name: str) -> dict:
    [step] = [s for s in steps(workflow, job) if s.get("uses", "").split("@")[0] == name]
    return step


def test_it_runs_by_hand_or_on_a_version_tag(workflow):
    triggers = workflow.get("on", workflow.get(True))     # YAML 1.1 reads a bare `on` as true
    assert "workflow_dispatch" in triggers and triggers["push"]["tags"] == ["v*"]
    assert workflow["permissions"] == {"contents": "read"}


@pytest.mark.parametrize(("job", "runner"), [("windows", "windows-"), ("macos", "macos-"), ("linux", "ubuntu-")])
def test_each_platform_builds_on_its_own_runner_with_python_3_11(workflow, job, runner):
    assert workflow["jobs"][job]["runs-on"].startswith(runner)
    assert action(workflow, job, "actions/setup-python")["with"]["python-version"] == "3.11"
    # the stage's three.js comes from npm (build.spec refuses an incomplete stage)
    assert "node-version" in action(workflow, job, "actions/setup-node")["with"]
    assert action(workflow, job, "actions/checkout")
    for step in steps(workflow, job):
        if "uses" in step:
            assert re.fullmatch(r"actions/[\w-]+@v\d+", step["uses"]), step["uses"]   # a pinned major version


@pytest.mark.parametrize(("job", "made"), [
    ("windows", "dist/installer/Bea-{version}-setup.exe"),     # installer/windows/build.ps1's last line
    ("macos", "dist/Bea-{version}.dmg"),                       # installer/macos/build.sh's last line
    ("linux", "dist/Bea-{version}-linux-x86_64.tar.xz"),       # installer/linux/build.sh's last line
])
def test_what_each_script_makes_is_kept(workflow, job, made):
    upload = action(workflow, job, "actions/upload-artifact")["with"]
    assert upload["if-no-files-found"] == "error"
    paths = [p for p in upload["path"].split("\n") if p]
    assert any(fnmatch.fnmatch(made.format(version="0.1.0"), p) for p in paths), paths


def test_windows_builds_with_inno_setup_through_build_ps1(workflow):
    text = runs(workflow, "windows")
    assert "choco install innosetup" in text
    assert "./installer/windows/build.ps1" in text
    build = (REPO / "installer" / "windows" / "build.ps1").read_text()
    assert "bea-console.exe --self-test" in build and "ISCC.exe" in build
    assert "dist\\installer\\Bea-$version-setup.exe" in build


def test_windows_compiles_llama_cpp_with_the_portable_flags_dev_sh_uses(workflow):
    dev = (REPO / "installer" / "dev.sh").read_text()
    flags = re.search(r'export CMAKE_ARGS="\$\{CMAKE_ARGS:-\} (.*)"', dev)[1]
    assert workflow["jobs"]["windows"]["env"]["CMAKE_ARGS"] == flags
    [build] = [step for step in steps(workflow, "macos") if "run" in step]
    assert "-DGGML_NATIVE=OFF" in build["env"]["CMAKE_ARGS"]


def test_macos_builds_the_app_and_the_dmg_through_build_sh(workflow):
    assert "bash installer/macos/build.sh" in runs(workflow, "macos")
    script = (REPO / "installer" / "macos" / "build.sh").read_text()
    assert "--self-test" in script and "hdiutil create" in script


def test_the_linux_job_is_what_the_package_test_proves_here(workflow):
    commands = [step["run"] for step in steps(workflow, "linux") if "run" in step]
    assert len(commands) == 3
    install, build, prove = commands
    assert "bash installer/dev.sh run" in install and '-e ".[dev]"' in install and "xvfb xdotool" in install
    assert build.strip().endswith("bash installer/linux/build.sh")
    # the same test, on the bundle and package just built: the names are the ones its fixtures read
    assert prove.strip().endswith("-m pytest -p no:cacheprovider tests/test_linux_package.py")
    assert "BEA_BUNDLE=dist/bea" in prove and "BEA_PACKAGE=" in prove and "BEA_ARTIFACTS=" in prove
    fixtures = (REPO / "tests" / "conftest.py").read_text() + (REPO / "tests" / "test_linux_package.py").read_text()
    assert 'os.environ.get("BEA_BUNDLE")' in fixtures and 'os.environ.get("BEA_PACKAGE")' in fixtures
    # build.sh without BEA_BUNDLE builds into dist/ and runs the frozen self-test itself
    script = (REPO / "installer" / "linux" / "build.sh").read_text()
    assert 'out="${BEA_OUT:-dist}"' in script and '"$bundle/bea" --self-test' in script
    # root for useradd, as the test runs here; the runner's own Python on the PATH it keeps
    assert all(command.lstrip().startswith("sudo") for command in (build, prove))
