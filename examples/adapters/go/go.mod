module plaingo

go 1.19
