Stk.main()
