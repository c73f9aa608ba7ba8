//go:build !linux

package agentcapture

import (
	"context"
	"os"
)

// NetnsVar marks a promptc process running inside its own network namespace.
const NetnsVar = "PROMPTC_CAPTURE_NETNS"

// Isolated is Linux-only: elsewhere ok is false and the caller runs the
// capture without a namespace.
func Isolated(ctx context.Context, args []string, stdout, stderr *os.File) (int, bool, error) {
	return 0, false, nil
}

// InNetns is false outside Linux.
func InNetns() bool { return false }

// LoopbackUp does nothing outside Linux.
func LoopbackUp() error { return nil }
