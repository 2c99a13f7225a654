// The entry point stays a one-liner so every command lives in its own file.
Chalkline.main()
