package sources

// WalkReporter is a value that found its instruction files by looking up
// fixed names in a list of directories (a role, see roles.go). `promptc
// agents` uses it to say why a file another agent loads is skipped by
// this one: a directory in Dirs with a name not in Names is "wrong name",
// a directory not in Dirs is "outside the walk".
type WalkReporter interface {
	Walk() Walk
}

// Walk is the search a kind made: Dirs in the order looked at, and the
// Names tried in each (a kind with names per directory lists their union).
type Walk struct {
	Dirs  []string
	Names []string
}
