//go:build unix

package main

import "syscall"

// dropPrivileges switches the process to uid and gid id with no
// supplementary groups, as setpriv --clear-groups does.
func dropPrivileges(id int) error {
	if err := syscall.Setgroups(nil); err != nil {
		return err
	}
	if err := syscall.Setgid(id); err != nil {
		return err
	}
	return syscall.Setuid(id)
}
