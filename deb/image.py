"""Build `tabletop-<version>-arm64.img.xz`: a card for a Raspberry Pi 3 or 4 that is a box.

    python -m deb.image [--deb PATH] [--out DIR]

From Debian's packages alone: the system of `image_base.py` (mmdebstrap, cached), the
tabletop package (`deb/build.py`, built unless `--deb` names one) installed into it,
then the image's own settings: the first boot (`deb/firstboot/`), the system's log in
RAM, nothing on the screen but the box. The card is assembled without a loop device
or device-mapper: the root with `mkfs.ext4 -d`, the boot partition (FAT, the Pi's
firmware, the kernel, the initramfs, config.txt and cmdline.txt) with mtools, both
written into a file partitioned by sfdisk. Run as root (chroot, mount).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from deb.build import HERE, ROOT, build, project_version
from deb.image_base import base_tarball

FIRSTBOOT = HERE / "firstboot"
MIB = 1024 * 1024
BOOT_MIB = 256  # the kernel and initramfs, the firmware and the device trees: ~80 MiB
ROOT_LABEL, BOOT_LABEL = "RASPIROOT", "RASPIFIRM"
# The Pi's console on its serial pins (ttyS1, the mini UART of a Pi 3/4 with
# Bluetooth on), not the screen: the screen shows the box alone, no boot messages,
# no cursor and no login prompt.
CMDLINE_EXTRA = "quiet loglevel=3 vt.global_cursor_default=0 consoleblank=0"
HOSTS = "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n127.0.1.1\ttabletop\n"
# The base's dpkg filters (mmdebstrap's 99mmdebstrap: no docs, no manual pages) would
# drop the box's own, which the unit's Documentation= names: this file, read after
# that one (dpkg reads dpkg.cfg.d in name order; the last matching filter decides),
# keeps them, at this install and at every upgrade of the package on the card. A
# folder is kept only when an include names it or names a path below it up to its
# first wildcard: man1 is named itself (the manual page's include has no wildcard).
KEEP_DOCS = (
    "etc/dpkg/dpkg.cfg.d/99tabletop",
    "# The box's documentation and manual page stay (deb/image.py).\n"
    "path-include=/usr/share/doc/tabletop/*\n"
    "path-include=/usr/share/man/man1\n"
    "path-include=/usr/share/man/man1/tabletop.1.gz\n",
)
FSTAB = (
    f"LABEL={ROOT_LABEL} / ext4 rw,noatime,commit=60,errors=remount-ro 0 1\n"
    f"LABEL={BOOT_LABEL} /boot/firmware vfat rw,noatime,umask=0022 0 2\n"
    "tmpfs /tmp tmpfs nosuid,nodev,size=64M 0 0\n"
)


def run(*argv: str | Path, root: Path | None = None, **env: str) -> str:
    """A command (in `root` with chroot), its output returned, its failure said in full."""
    command = [*(["chroot", str(root)] if root else []), *map(str, argv)]
    env |= {"PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}
    env["DEBIAN_FRONTEND"] = "noninteractive"
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} -> {done.returncode}\n{done.stdout}{done.stderr}")
    return done.stdout


@contextmanager
def mounted(tree: Path) -> Iterator[Path]:
    """proc, sys, dev and dev/pts mounted in `tree`, all undone on leaving."""
    points = [("-t", "proc", "proc", "proc"), ("--bind", "/sys", "sys")]
    points += [("--bind", "/dev", "dev"), ("--bind", "/dev/pts", "dev/pts")]
    done: list[Path] = []
    try:
        for *options, target in points:
            run("mount", *options, tree / target)
            done.append(tree / target)
        yield tree
    finally:
        for point in reversed(done):
            if subprocess.run(["umount", str(point)], check=False).returncode:
                subprocess.run(["umount", "-l", str(point)], check=False)


def put(tree: Path, relative: str, text: str, mode: int = 0o644) -> None:
    path = tree / relative.lstrip("/")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    path.chmod(mode)


def link(tree: Path, relative: str, target: str) -> None:
    path = tree / relative.lstrip("/")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    path.symlink_to(target)


def configure(tree: Path) -> None:
    """The image's own settings, on top of the system and the package."""
    put(tree, "etc/fstab", FSTAB)
    put(tree, "etc/hostname", "tabletop\n")
    put(
        tree,
        "etc/hosts",
        "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n127.0.1.1\ttabletop\n",
    )
    put(
        tree, "etc/systemd/journald.conf.d/tabletop.conf", (FIRSTBOOT / "journald.conf").read_text()
    )
    put(tree, "usr/lib/tabletop-image/first_boot.py", (FIRSTBOOT / "first_boot.py").read_text())
    unit = (FIRSTBOOT / "tabletop-first-boot.service").read_text()
    put(tree, "etc/systemd/system/tabletop-first-boot.service", unit)
    wants = "etc/systemd/system/sysinit.target.wants/tabletop-first-boot.service"
    link(tree, wants, "/etc/systemd/system/tabletop-first-boot.service")
    link(tree, "etc/systemd/system/getty@tty1.service", "/dev/null")  # no login on the screen
    link(tree, "etc/systemd/system/multi-user.target.wants/ssh.service", "/dev/null")
    (tree / "etc/systemd/system/multi-user.target.wants/ssh.service").unlink()
    (tree / "etc/systemd/system/sshd.service").unlink(missing_ok=True)
    for key in (tree / "etc/ssh").glob("ssh_host_*"):
        key.unlink()  # each box makes its own at the first boot that turns SSH on
    put(tree, "etc/machine-id", "")  # each box its own, made at its first boot
    (tree / "var/lib/dbus/machine-id").unlink(missing_ok=True)
    readme = (ROOT / "docs" / "image.md").read_text(encoding="utf-8")
    put(tree, "usr/share/doc/tabletop/README-image.md", readme)


def boot_files(tree: Path) -> None:
    """config.txt and cmdline.txt by raspi-firmware's own hook, the root named by label."""
    defaults = tree / "etc/default/raspi-firmware"
    text = defaults.read_text(encoding="utf-8")
    text += f'\nROOTPART="LABEL={ROOT_LABEL}"\nCONSOLES="ttyS1,115200"\n'
    defaults.write_text(text, encoding="utf-8")
    put(tree, "etc/default/raspi-extra-cmdline", CMDLINE_EXTRA + "\n")
    (kernel,) = [p.name.removeprefix("vmlinuz-") for p in (tree / "boot").glob("vmlinuz-*")]
    hook = "/etc/kernel/postinst.d/z50-raspi-firmware"
    run(hook, kernel, root=tree, DEB_MAINT_PARAMS="configure")  # as the kernel's postinst
    put(tree, "boot/firmware/tabletop-first-boot.toml",
        (FIRSTBOOT / "tabletop-first-boot.toml").read_text())  # fmt: skip


def system(deb: Path, tree: Path) -> None:
    """The cached system unpacked into `tree`, the package installed, the image set up."""
    run("tar", "-xf", base_tarball(), "-C", tree)
    put(tree, *KEEP_DOCS)
    with mounted(tree):
        shutil.copy(deb, tree / "tmp" / deb.name)
        run("dpkg", "-i", f"/tmp/{deb.name}", root=tree)
        (tree / "tmp" / deb.name).unlink()
        configure(tree)
        boot_files(tree)


def fat(tree: Path, image: Path) -> None:
    """The boot partition: a FAT file system made and filled by mtools, no mount."""
    run("mkfs.vfat", "-F", "32", "-n", BOOT_LABEL, "-C", image, str(BOOT_MIB * 1024))
    names = [str(p) for p in sorted((tree / "boot/firmware").iterdir())]
    run("mcopy", "-s", "-p", "-m", "-i", image, *names, "::/")
    shutil.rmtree(tree / "boot/firmware")
    (tree / "boot/firmware").mkdir()


def root_mib(tree: Path) -> int:
    """The root partition's size: what the tree holds and a third more, in whole MiB."""
    used = int(run("du", "-s", "--block-size=1M", "-x", tree).split()[0])
    return used * 4 // 3 + 64


def assemble(tree: Path, image: Path) -> None:
    """The card: an MBR (the Pi 3's boot ROM reads MBR only), FAT at 4 MiB, then the root."""
    with tempfile.TemporaryDirectory(prefix="tabletop-img-", dir=image.parent) as scratch:
        boot, root = Path(scratch) / "boot.vfat", Path(scratch) / "root.ext4"
        fat(tree, boot)
        size = root_mib(tree)
        run("mkfs.ext4", "-q", "-L", ROOT_LABEL, "-d", tree, root, f"{size}M")
        start = 4 + BOOT_MIB
        with image.open("wb") as file:
            file.truncate((start + size) * MIB)
        table = f"label: dos\nstart=4MiB, size={BOOT_MIB}MiB, type=c, bootable\n"
        table += f"start={start}MiB, type=83\n"
        subprocess.run(["sfdisk", "-q", str(image)], input=table, text=True, check=True)
        for part, at in ((boot, 4), (root, start)):
            run("dd", f"if={part}", f"of={image}", "bs=1M", f"seek={at}", "conv=notrunc,sparse")


def build_image(deb: Path, out: Path) -> Path:
    """`tabletop-<version>-arm64.img.xz` in `out`, from the package in `deb`."""
    out.mkdir(parents=True, exist_ok=True)
    image = out / f"tabletop-{project_version()}-arm64.img"
    with tempfile.TemporaryDirectory(prefix="tabletop-image-", dir="/var/tmp") as scratch:
        tree = Path(scratch) / "root"
        tree.mkdir()
        system(deb, tree)
        assemble(tree, image)
    run("xz", "-f", "-T0", "-3", image)
    return image.with_name(image.name + ".xz")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deb", type=Path, help="the package (default: built now)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="folder for the image")
    arguments = parser.parse_args()
    deb = arguments.deb or build(arguments.out, 1)
    print(build_image(deb, arguments.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
