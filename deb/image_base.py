"""The image's system without the box: mmdebstrap of bookworm arm64, cached by its arguments.

Everything the image takes from Debian's archive is installed here in one mmdebstrap
run (25 to 40 minutes under qemu-user-static on a shared 2-core machine): the kernel,
the Pi's boot firmware, NetworkManager and every dependency of the tabletop package.
The result is kept as a tarball (`deb.cached_root`), so a second image build (or CI's
second run) starts from it, and a change of the package list or of the initramfs's
modules makes a new one rather than reusing a stale one.

The initramfs is built while the kernel installs, with `MODULES=list`: only the
modules that find the root file system on a Pi 3 or 4 (SD card, USB storage) and in
QEMU's `-M virt` (virtio). Debian's default (`most`) takes 16 to 21 minutes to build
under emulation; this list takes about one.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from deb.build import DEPENDS, RECOMMENDS
from deb.cached_root import cached_tarball

SUITE = "bookworm"
# raspi-firmware and the Wi-Fi chip's firmware are in non-free-firmware.
COMPONENTS = "main,non-free-firmware"
SYSTEM = (
    "systemd", "systemd-sysv", "udev", "dbus", "ca-certificates", "systemd-timesyncd",
    "linux-image-arm64", "initramfs-tools", "raspi-firmware", "firmware-brcm80211",
    "network-manager", "wpasupplicant", "wireless-regdb", "iw", "openssh-server",
    "fdisk", "dosfstools", "e2fsprogs", "python3",
)  # fmt: skip
# The initramfs's modules: the Pi's SD card (Pi 3: sdhost; Pi 4: emmc2 and its 1.8 V
# supply), USB storage (Pi 4: the VL805 behind PCIe; Pi 3: dwc2), ext4, and virtio
# for the VM the tests boot. Each is added with what it depends on.
MODULES = (
    "mmc_block", "sdhci_iproc", "sdhci_pltfm", "bcm2835", "bcm2835_dma", "gpio_regulator",
    "gpio_raspberrypi_exp", "reset_raspberrypi", "clk_raspberrypi", "pcie_brcmstb",
    "xhci_pci", "dwc2", "usb_storage", "uas", "ext4", "virtio_pci", "virtio_blk",
    "virtio_mmio",
)  # fmt: skip


def packages() -> list[str]:
    """The system's packages and the tabletop package's, without version bounds."""
    named = [d.split("(")[0].strip() for d in (*DEPENDS, *RECOMMENDS)]
    return list(dict.fromkeys([*SYSTEM, *named]))


def hook_writing(path: str, text: str) -> str:
    """A setup hook writing `text` to `path` in the root (before any package unpacks)."""
    folder = shlex.quote(os.path.dirname(path))
    return (
        f'--setup-hook=mkdir -p "$1"{folder} && '
        f'printf %s {shlex.quote(text)} > "$1"{shlex.quote(path)}'
    )


def arguments() -> list[str]:
    """mmdebstrap's arguments, without the output file."""
    return [
        "--arch=arm64",
        "--variant=apt",
        "--components=" + COMPONENTS,
        "--include=" + ",".join(packages()),
        "--aptopt=Acquire::Retries 3",
        "--dpkgopt=path-exclude=/usr/share/doc/*",
        "--dpkgopt=path-include=/usr/share/doc/*/copyright",
        "--dpkgopt=path-exclude=/usr/share/man/*",
        "--dpkgopt=path-exclude=/usr/share/locale/*",
        '--setup-hook=mkdir -p "$1/boot/firmware"',
        hook_writing("/etc/initramfs-tools/conf.d/tabletop", "MODULES=list\n"),
        hook_writing("/usr/share/initramfs-tools/modules.d/tabletop", "\n".join(MODULES) + "\n"),
        SUITE,
    ]


def base_tarball() -> Path:
    """The cached system's tarball, built first if this machine has none for its arguments."""
    return cached_tarball(f"image-base-{SUITE}-arm64", arguments())


if __name__ == "__main__":
    print(base_tarball())
