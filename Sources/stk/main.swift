print("stk")
