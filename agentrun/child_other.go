//go:build !unix

package agentrun

import (
	"context"
	"os"
)

// Run is Unix-only: the hooks were verified on Linux.
func Run(ctx context.Context, c Child, sigs <-chan os.Signal) (Exit, error) {
	return Exit{}, &Error{Code: ExitUnsupported, Msg: "promptc run needs a Unix system"}
}

// Raise does nothing outside Unix.
func Raise(sig int) {}

// Catch catches nothing outside Unix.
func Catch() (sigs <-chan os.Signal, stop func()) { return nil, func() {} }
