//go:build !unix

package execrun

import (
	"fmt"
	"os/exec"
)

// setGroup keeps the default: cancellation kills the program itself.
func setGroup(*exec.Cmd) {}

// exitText words how the program ended.
func exitText(ee *exec.ExitError) string { return fmt.Sprintf("exit status %d", ee.ExitCode()) }

// killGroup does nothing: without process groups only the program itself
// is stopped.
func killGroup(*exec.Cmd) {}
