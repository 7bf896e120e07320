Stk.runFromCommandLine()
