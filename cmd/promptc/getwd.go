package main

import "syscall"

// Getwd returns the physical working directory. os.Getwd would return
// $PWD when it names the same directory, which keeps symlinks; pi uses
// process.cwd(), the kernel's answer.
func (osEnv) Getwd() (string, error) { return syscall.Getwd() }
