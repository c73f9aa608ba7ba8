//go:build !unix

package atomicfile

// keepOwner does nothing where files have no Unix owner.
func keepOwner(File, string) {}
