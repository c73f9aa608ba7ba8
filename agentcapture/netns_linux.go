//go:build linux

package agentcapture

import (
	"context"
	"os"
	"os/exec"
	"syscall"
	"unsafe"
)

// NetnsVar marks a promptc process running inside its own network
// namespace (set by Isolated's re-exec).
const NetnsVar = "PROMPTC_CAPTURE_NETNS"

// Isolated re-runs the current program with args inside a new user and
// network namespace (what `unshare -rn` makes): only a loopback
// interface, so the CLI it captures can reach the fake server and no
// other host. It returns the child's exit status. ok is false when the
// system refuses the namespaces (unprivileged user namespaces off): the
// caller then says so and runs without.
func Isolated(ctx context.Context, args []string, stdout, stderr *os.File) (status int, ok bool, err error) {
	self, err := os.Executable()
	if err != nil {
		return 0, false, err
	}
	cmd := exec.CommandContext(ctx, self, args...)
	cmd.Env = append(os.Environ(), NetnsVar+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{
		Cloneflags:  syscall.CLONE_NEWUSER | syscall.CLONE_NEWNET,
		UidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getuid(), Size: 1}},
		GidMappings: []syscall.SysProcIDMap{{ContainerID: 0, HostID: os.Getgid(), Size: 1}},
	}
	if err := cmd.Start(); err != nil {
		return 0, false, nil
	}
	err = cmd.Wait()
	if ee, isExit := err.(*exec.ExitError); isExit {
		return ee.ExitCode(), true, nil
	}
	return 0, true, err
}

// InNetns reports whether this process is the re-run inside the namespace.
func InNetns() bool { return os.Getenv(NetnsVar) == "1" }

// LoopbackUp brings the namespace's lo interface up (ip link set lo up).
func LoopbackUp() error {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM, 0)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	var ifr struct {
		name  [syscall.IFNAMSIZ]byte
		flags uint16
		_     [22]byte
	}
	copy(ifr.name[:], "lo")
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCGIFFLAGS, uintptr(unsafe.Pointer(&ifr))); e != 0 {
		return e
	}
	ifr.flags |= syscall.IFF_UP | syscall.IFF_RUNNING
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCSIFFLAGS, uintptr(unsafe.Pointer(&ifr))); e != 0 {
		return e
	}
	return nil
}
