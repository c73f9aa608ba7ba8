//go:build !unix

package main

import (
	"errors"
	"runtime"
)

// dropPrivileges is not available on this system.
func dropPrivileges(int) error {
	return errors.New("cannot change the user id on " + runtime.GOOS)
}
