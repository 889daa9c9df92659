// skill-ab command line: dispatches to one module per command.
process.stdout.write('skill-ab 0.1.0\n')
