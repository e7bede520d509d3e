#!/bin/busybox sh
# /init of the systemd boot's initramfs: loads the virtio disk and ext4
# drivers, mounts the Debian root filesystem from /dev/vda and hands over
# to systemd as PID 1.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
for module in $(cat /kiosk/modules.order); do
    insmod "/kiosk/modules/$module" 2>/dev/null
done
n=0
while [ ! -b /dev/vda ] && [ "$n" -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
mkdir -p /newroot
if ! mount -t ext4 -o rw /dev/vda /newroot; then
    echo "KIOSK failed: cannot mount the root filesystem /dev/vda"
    poweroff -f
fi
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
