#!  /bin/exectest   one two 	 
not read
